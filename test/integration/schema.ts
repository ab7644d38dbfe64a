/**
 * Validates what the facade sent to a test client against the official JSON Schema of the
 * negotiated protocol version (`/work/shared/spec/<version>/schema.json`, or `MCP_SPEC_DIR`).
 *
 * - a response is checked as a JSON-RPC result (or error) response, and its `result` against
 *   the result type of the method the client sent with that id (`tools/list` →
 *   `ListToolsResult`, …); a response to an id the client never sent is an issue;
 * - a notification as `JSONRPCNotification` and `ServerNotification`;
 * - a request (server → client) as `JSONRPCRequest` and `ServerRequest`;
 * - an array (a JSON-RPC batch response, 2025-03-26) element by element, and only on 2025-03-26.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { expect } from 'vitest';

const addFormats = addFormatsModule as unknown as (ajv: Ajv | Ajv2020) => void;

export const SPEC_DIR = process.env.MCP_SPEC_DIR ?? '/work/shared/spec';

/** The result type of each client request method the tests send. */
export const RESULT_OF: Record<string, string> = {
  initialize: 'InitializeResult',
  ping: 'EmptyResult',
  'tools/list': 'ListToolsResult',
  'tools/call': 'CallToolResult',
  'prompts/list': 'ListPromptsResult',
  'prompts/get': 'GetPromptResult',
  'resources/list': 'ListResourcesResult',
  'resources/templates/list': 'ListResourceTemplatesResult',
  'resources/read': 'ReadResourceResult',
  'resources/subscribe': 'EmptyResult',
  'resources/unsubscribe': 'EmptyResult',
  'logging/setLevel': 'EmptyResult',
  'completion/complete': 'CompleteResult',
  'server/discover': 'DiscoverResult',
  'subscriptions/listen': 'SubscriptionsListenResult',
};

export interface SchemaIssue {
  index: number;
  message: unknown;
  definition: string;
  errors: string;
}

interface Validator {
  version: string;
  check(definition: string, value: unknown): string | undefined;
}

const validators = new Map<string, Validator>();

function validatorFor(version: string): Validator {
  const known = validators.get(version);
  if (known) return known;
  const schema = JSON.parse(readFileSync(join(SPEC_DIR, version, 'schema.json'), 'utf8')) as {
    $schema?: string;
  };
  const modern = schema.$schema?.includes('2020-12') === true;
  const ajv = modern ? new Ajv2020({ strict: false }) : new Ajv({ strict: false });
  addFormats(ajv);
  const id = `mcp-${version}`;
  ajv.addSchema(schema as object, id);
  const defs = modern ? '$defs' : 'definitions';
  const compiled = new Map<string, ValidateFunction>();
  const validator: Validator = {
    version,
    check(definition, value) {
      let validate = compiled.get(definition);
      if (!validate) {
        validate = ajv.compile({ $ref: `${id}#/${defs}/${definition}` });
        compiled.set(definition, validate);
      }
      if (validate(value)) return undefined;
      return ajv.errorsText(validate.errors, { separator: '; ' });
    },
  };
  validators.set(version, validator);
  return validator;
}

type Message = Record<string, unknown>;
const isObject = (value: unknown): value is Message =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Methods of the requests the client sent, by id (JSON-encoded, so 1 and "1" differ). */
function methodsById(sent: readonly unknown[]): Map<string, string> {
  const methods = new Map<string, string>();
  const add = (message: unknown) => {
    if (isObject(message) && typeof message.method === 'string' && 'id' in message) {
      methods.set(JSON.stringify(message.id), message.method);
    }
  };
  for (const message of sent) {
    if (Array.isArray(message)) message.forEach(add);
    else add(message);
  }
  return methods;
}

/** Every schema issue in `received`, given what the client `sent`; `[]` when all is valid. */
export function schemaIssues(
  version: string,
  sent: readonly unknown[],
  received: readonly unknown[],
): SchemaIssue[] {
  const validator = validatorFor(version);
  const methods = methodsById(sent);
  const issues: SchemaIssue[] = [];
  const modern = version >= '2025-11-25';
  const check = (index: number, message: unknown, definition: string, value: unknown) => {
    const errors = validator.check(definition, value);
    if (errors !== undefined) issues.push({ index, message, definition, errors });
  };
  const one = (index: number, message: unknown) => {
    if (!isObject(message)) {
      issues.push({ index, message, definition: 'JSONRPCMessage', errors: 'not an object' });
    } else if ('method' in message && 'id' in message) {
      check(index, message, 'JSONRPCRequest', message);
      check(index, message, 'ServerRequest', message);
    } else if ('method' in message) {
      check(index, message, 'JSONRPCNotification', message);
      check(index, message, 'ServerNotification', message);
    } else if ('error' in message) {
      check(index, message, modern ? 'JSONRPCErrorResponse' : 'JSONRPCError', message);
    } else {
      check(index, message, modern ? 'JSONRPCResultResponse' : 'JSONRPCResponse', message);
      const method = methods.get(JSON.stringify(message.id));
      // 2026-07-28: an interim `input_required` result (MRTR) has its own shape.
      const interim = isObject(message.result) && message.result.resultType === 'input_required';
      const definition =
        method === undefined ? undefined : interim ? 'InputRequiredResult' : RESULT_OF[method];
      if (definition === undefined) {
        issues.push({
          index,
          message,
          definition: 'Result',
          errors:
            method === undefined
              ? 'a response to an id the client never sent'
              : `no result type known for ${method}`,
        });
      } else {
        check(index, message, definition, message.result);
      }
    }
  };
  received.forEach((message, index) => {
    if (!Array.isArray(message)) {
      one(index, message);
      return;
    }
    if (version !== '2025-03-26') {
      issues.push({
        index,
        message,
        definition: 'JSONRPCMessage',
        errors: 'batch outside 2025-03-26',
      });
      return;
    }
    check(index, message, 'JSONRPCBatchResponse', message);
    for (const element of message) one(index, element);
  });
  return issues;
}

/** Fails the test with every issue listed when something the client received is invalid. */
export function expectSchemaValid(
  version: string,
  wire: { sent: readonly unknown[]; wire: readonly unknown[] },
): void {
  const issues = schemaIssues(version, wire.sent, wire.wire);
  expect(
    issues.map(
      (i) =>
        `#${i.index} ${i.definition}: ${i.errors} in ${JSON.stringify(i.message).slice(0, 300)}`,
    ),
  ).toEqual([]);
  // Guard against a vacuous pass: the recording must have seen the initialize response at least.
  expect(wire.wire.length).toBeGreaterThan(0);
}
