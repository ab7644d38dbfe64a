/**
 * Several clients on one router: the library router (`createRouter`) behind the HTTP facade
 * (Streamable HTTP on 127.0.0.1), with real upstream processes, and SDK clients connecting over
 * Streamable HTTP. The stdio CLI serves one client, so multi-session behaviour is tested here.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { createLogger, createRouter, parseConfig, type Router } from '../../index.js';
import { createHttpFacade, type HttpFacade } from '../../transports/index.js';
import { answerServerRequests, type ClientCapabilities, type Features } from './clientFeatures.js';

export interface HttpRouter {
  router: Router;
  facade: HttpFacade;
  /** Log lines of the router (level debug). */
  logs: string[];
  close: () => Promise<void>;
}

export async function startHttpRouter(config: Record<string, unknown>): Promise<HttpRouter> {
  const logs: string[] = [];
  const log = createLogger({ level: 'debug', sink: (line) => logs.push(line) });
  const router = createRouter(parseConfig(config), { log });
  const facade = await createHttpFacade({ log });
  const subscription = facade.connections$.subscribe((transport) => router.connect(transport));
  await router.start();
  return {
    router,
    facade,
    logs,
    close: async () => {
      subscription.unsubscribe();
      await router.close();
      await facade.close();
    },
  };
}

export interface HttpClient extends Features {
  client: Client;
  /** Every message the client received, in order. */
  wire: JSONRPCMessage[];
  close: () => Promise<void>;
}

/** An SDK client over Streamable HTTP that answers the server-initiated requests it declared. */
export async function connectHttpClient(
  url: string,
  label: string,
  capabilities: ClientCapabilities,
): Promise<HttpClient> {
  const client = new Client({ name: `client-${label}`, version: '2.0.0' }, { capabilities });
  const features = answerServerRequests(client, label, capabilities);
  const transport = new StreamableHTTPClientTransport(new URL(url));
  const wire: JSONRPCMessage[] = [];
  await client.connect(transport);
  const deliver = transport.onmessage;
  transport.onmessage = (message: JSONRPCMessage) => {
    wire.push(message);
    deliver?.(message);
  };
  // The same object as `features`, so reassigning `roots` changes what the handler answers.
  return Object.assign(features, {
    client,
    wire,
    // DELETE ends the session on the server (closing the SDK client alone does not).
    close: async () => {
      await transport.terminateSession().catch(() => {});
      await client.close();
    },
  });
}
