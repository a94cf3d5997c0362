/**
 * OpenAPI 3 generated from the route schemas, at /api/openapi.json, with a viewer at /api/docs.
 *
 * What every operation needs is added here, once, so a route only declares its schema and who may call
 * it (auth/allow.ts), and routes added later are documented the same way:
 * - an operationId made of the method and the path (`getAdminReports`, `postBookingsByIdCheckout`);
 * - `security`: the session cookie when the route declares who may call it, none otherwise;
 * - the client errors it can answer (400, 401, 403, 404, 429), each in the shared error format;
 * - a path parameter for a catch-all route (`/api/auth/*` becomes `/api/auth/{path}`).
 * `npm run openapi:lint` checks the result with Redocly's recommended rules.
 */
import type { FastifyInstance, RouteOptions } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { accessOf, type Access } from '../platform/auth/allow.js';

type Json = Record<string, unknown>;

interface Operation {
  operationId?: string;
  tags?: string[];
  security?: Json[];
  parameters?: { in: string; name: string }[];
  requestBody?: unknown;
  responses?: Record<string, unknown>;
}

/** What the transform learned about a route, for the finished document. */
interface RouteFacts {
  access: Access | undefined;
  rateLimited: boolean;
}

export const SESSION_SCHEME = 'session';

const tagDescriptions: Record<string, string> = {
  operations: 'Liveness and readiness for load balancers and orchestrators.',
  accounts: 'Sign-up, sign-in and the session (Better Auth), the current user and public configuration.',
  catalogue: 'Categories and available products: browsing, search and the advertised list.',
  seller: "Sellers' listings: photos, adding, advertising and removing products.",
  selling: "What sellers see of their products' bookings.",
  buying: "Buyers' bookings.",
  payments: 'Card checkout and the payment provider webhook.',
  moderation: 'Reports of products by buyers.',
  reviews: 'Two-sided reviews after a handoff, the seller’s answers and reports of reviews.',
  newsletter: 'The newsletter sign-up in the footer.',
  admin: 'Administration: buyers, sellers, reports and the audit log.',
};

const errorSchema = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { type: 'string', description: 'Stable machine-readable code, e.g. VALIDATION_FAILED' },
        message: { type: 'string', description: 'A sentence to show the user' },
        fields: {
          type: 'object',
          additionalProperties: { type: 'string' },
          description: 'Per-field messages of a 400 answer',
        },
      },
    },
  },
};

const errorResponses: Record<string, string> = {
  BadRequest: 'The input is not valid; `fields` says which parts and why.',
  Unauthorized: 'Not signed in (no valid session cookie).',
  Forbidden: 'Signed in, but this account may not do this.',
  NotFound: 'Unknown, or not yours (the same answer, so ids cannot be probed).',
  TooManyRequests: 'Too many requests from this address; try again later.',
  ClientError: 'The request was refused.',
};

const errorReference = (name: string) => ({ $ref: `#/components/responses/${name}` });

/** `GET /api/admin/reports/:id/product` -> `getAdminReportsByIdProduct`. */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .replace(/^\/api(?=\/|$)/, '')
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      const param = /^(?::|\{)(.+?)\}?$/.exec(segment);
      const word = param
        ? `by-${param[1] === '*' ? 'path' : param[1]}`
        : segment === '*'
          ? 'by-path'
          : segment;
      return word
        .split(/[^A-Za-z0-9]+/)
        .filter(Boolean)
        .map((part) => part[0]!.toUpperCase() + part.slice(1))
        .join('');
    });
  return method.toLowerCase() + words.join('');
}

function routeKey(method: string, url: string): string {
  return `${method.toUpperCase()} ${url.replace(/:([^/]+)/g, '{$1}').replace(/\*/g, '{*}')}`;
}

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  const facts = new Map<string, RouteFacts>();

  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Furniture Mart API',
        description:
          'A marketplace for used furniture. Authentication is the session cookie set by /api/auth. ' +
          'Amounts are integers in minor units of the currency in GET /api/config.',
        version: '1.0.0',
        license: { name: 'MIT', url: 'https://opensource.org/license/mit' },
      },
      servers: [{ url: new URL(app.config.PUBLIC_URL).origin, description: 'This server' }],
      components: {
        securitySchemes: {
          [SESSION_SCHEME]: {
            type: 'apiKey',
            in: 'cookie',
            name: 'better-auth.session_token',
            description: 'The session cookie Better Auth sets at sign-in (`__Secure-` prefixed over https).',
          },
        },
      },
    },
    transform: (input) => {
      const route = input.route as RouteOptions;
      const result = jsonSchemaTransform(input);
      const access = accessOf(route);
      const rateLimited = Boolean((route.config as { rateLimit?: unknown } | undefined)?.rateLimit);
      for (const method of [route.method].flat()) {
        facts.set(routeKey(method, input.url), { access, rateLimited });
      }
      const schema = result.schema as Json & { security?: Json[] };
      if (schema.security === undefined && access !== undefined) {
        return { ...result, schema: { ...schema, security: [{ [SESSION_SCHEME]: [] }] } };
      }
      return result;
    },
    transformObject: (generated) =>
      'openapiObject' in generated
        ? (completeDocument(generated.openapiObject as Json, facts) as typeof generated.openapiObject)
        : generated.swaggerObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}

/** Adds what each operation needs to the document @fastify/swagger generated. */
function completeDocument(document: Json, facts: Map<string, RouteFacts>): Json {
  const paths = (document.paths ?? {}) as Record<string, Record<string, Operation>>;
  const completed: Record<string, Record<string, Operation>> = {};
  const usedTags = new Set<string>();

  for (const [generatedPath, operations] of Object.entries(paths)) {
    // A catch-all route: `{*}` is no valid parameter name.
    const path = generatedPath.replace(/\{\*\}/g, '{path}');
    completed[path] = {};
    for (const [method, original] of Object.entries(operations)) {
      const operation: Operation = { ...original };
      const routeFacts = facts.get(`${method.toUpperCase()} ${generatedPath}`);
      operation.operationId ??= operationIdOf(method, path);
      operation.security ??= [];
      for (const tag of operation.tags ?? []) usedTags.add(tag);

      const parameters = (operation.parameters ?? []).map((parameter) =>
        parameter.in === 'path' && parameter.name === '*' ? { ...parameter, name: 'path' } : parameter,
      );
      for (const [, name] of path.matchAll(/\{([^}]+)\}/g)) {
        if (!parameters.some((parameter) => parameter.in === 'path' && parameter.name === name)) {
          parameters.push({ in: 'path', name: name!, required: true, schema: { type: 'string' } } as never);
        }
      }
      if (parameters.length > 0) operation.parameters = parameters;

      const responses = { ...operation.responses };
      const add = (status: string, name: string) => {
        responses[status] ??= errorReference(name);
      };
      if (parameters.length > 0 || operation.requestBody) add('400', 'BadRequest');
      if (operation.security.length > 0) add('401', 'Unauthorized');
      if (routeFacts?.access) add('403', 'Forbidden');
      if (parameters.some((parameter) => parameter.in === 'path')) add('404', 'NotFound');
      if (routeFacts?.rateLimited) add('429', 'TooManyRequests');
      if (!Object.keys(responses).some((status) => /^4(\d\d|XX)$/.test(status))) add('4XX', 'ClientError');
      operation.responses = responses;
      completed[path]![method] = operation;
    }
  }

  const components = (document.components ?? {}) as Json;
  return {
    ...document,
    tags: [...usedTags].sort().map((name) => ({
      name,
      description: tagDescriptions[name] ?? `Operations on ${name}.`,
    })),
    paths: completed,
    components: {
      ...components,
      schemas: { ...(components.schemas as Json | undefined), Error: errorSchema },
      responses: Object.fromEntries(
        Object.entries(errorResponses).map(([name, description]) => [
          name,
          {
            description,
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
          },
        ]),
      ),
    },
  };
}
