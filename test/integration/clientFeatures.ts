/**
 * The client side of server-initiated requests for integration tests: SDK client options that
 * declare sampling, elicitation and roots, and handlers that answer them and record what came.
 */
import type { Client, ClientOptions } from '@modelcontextprotocol/sdk/client/index.js';
import {
  CreateMessageRequestSchema,
  ElicitationCompleteNotificationSchema,
  ElicitRequestSchema,
  ListRootsRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';

export type ClientCapabilities = NonNullable<ClientOptions['capabilities']>;

export const ALL_FEATURES: ClientCapabilities = {
  sampling: {},
  elicitation: { form: {}, url: {} },
  roots: { listChanged: true },
};

export interface Seen {
  sampling: { text: string }[];
  elicitations: { mode: string; message: string; elicitationId?: string; url?: string }[];
  rootsRequests: number;
  completed: string[];
}

export interface Features {
  seen: Seen;
  /** The roots the client answers with; change it, then call `client.sendRootsListChanged()`. */
  roots: { uri: string; name?: string }[];
}

/** Installs answering handlers for every capability `client` declared; `label` marks the answers. */
export function answerServerRequests(
  client: Client,
  label: string,
  capabilities: ClientCapabilities,
): Features {
  const features: Features = {
    seen: { sampling: [], elicitations: [], rootsRequests: 0, completed: [] },
    roots: [{ uri: `file:///work/${label}`, name: `${label} root` }],
  };
  const { seen } = features;
  if (capabilities.sampling) {
    client.setRequestHandler(CreateMessageRequestSchema, async (request) => {
      const first = request.params.messages[0]?.content as { text?: string } | undefined;
      seen.sampling.push({ text: first?.text ?? '' });
      return {
        role: 'assistant',
        content: { type: 'text', text: `answer from ${label}` },
        model: `model-${label}`,
        stopReason: 'endTurn',
      };
    });
  }
  if (capabilities.elicitation) {
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      const params = request.params as Record<string, unknown>;
      const mode = typeof params.mode === 'string' ? params.mode : 'form';
      seen.elicitations.push({
        mode,
        message: String(params.message),
        ...(typeof params.elicitationId === 'string'
          ? { elicitationId: params.elicitationId }
          : {}),
        ...(typeof params.url === 'string' ? { url: params.url } : {}),
      });
      if (mode === 'url') return { action: 'accept' };
      return {
        action: 'accept',
        content: {
          name: `name-${label}`,
          check: true,
          email: `${label}@example.com`,
          integer: 42,
        },
      };
    });
  }
  if (capabilities.roots) {
    client.setRequestHandler(ListRootsRequestSchema, async () => {
      seen.rootsRequests++;
      return { roots: features.roots };
    });
  }
  client.setNotificationHandler(ElicitationCompleteNotificationSchema, async (notification) => {
    seen.completed.push(notification.params.elicitationId);
  });
  return features;
}

export const textOf = (result: unknown): string =>
  ((result as { content: { type: string; text: string }[] }).content ?? [])
    .map((c) => c.text)
    .join('\n');

/** Polls `probe` until it returns a value other than undefined (bounded). */
export async function eventually<T>(
  probe: () => Promise<T | undefined> | T | undefined,
  { tries = 100, everyMs = 50 } = {},
): Promise<T> {
  for (let i = 0; i < tries; i++) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, everyMs));
  }
  throw new Error(`condition not met after ${tries} tries`);
}
