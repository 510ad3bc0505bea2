import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError, TooManyRequestsError } from '../errors';

/** The body of every error answer. */
export interface ErrorBody {
  message: string;
  code?: string;
}

type ValidationIssue = NonNullable<FastifyError['validation']>[number];

/** One readable sentence for a schema violation, e.g. `body/status must be equal to one of the allowed values`. */
export function validationMessage(context: string, issue: ValidationIssue): string {
  const where = `${context}${issue.instancePath}`;
  const params = issue.params as Record<string, unknown>;
  switch (issue.keyword) {
    case 'additionalProperties':
      return `${where} must NOT have additional property '${String(params.additionalProperty)}'`;
    case 'minProperties':
      return `${where} must have at least ${String(params.limit)} ${params.limit === 1 ? 'property' : 'properties'}`;
    case 'enum':
      return `${where} must be equal to one of the allowed values: ${(params.allowedValues as unknown[]).join(', ')}`;
    default:
      return `${where} ${issue.message ?? 'is invalid'}`;
  }
}

async function errors(app: FastifyInstance): Promise<void> {
  app.setErrorHandler<FastifyError | HttpError>((error, request, reply) => {
    if (error instanceof HttpError) {
      const body: ErrorBody = { message: error.message };
      if (error.code) body.code = error.code;
      if (error instanceof TooManyRequestsError) {
        void reply.header('retry-after', String(error.retryAfterSeconds));
      }
      return reply.code(error.statusCode).send(body);
    }
    if ('validation' in error && error.validation?.[0]) {
      const context = error.validationContext ?? 'request';
      return reply
        .code(400)
        .send({ message: validationMessage(context, error.validation[0]), code: 'ERR_VALIDATION' });
    }
    const status = 'statusCode' in error ? (error.statusCode ?? 500) : 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, unsupported type) are safe to show.
      return reply
        .code(status)
        .send({ message: error.message, code: error.code ?? 'ERR_BAD_REQUEST' });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: 'Internal server error' });
  });

  app.setNotFoundHandler((request, reply) => {
    return reply
      .code(404)
      .send({ message: `Route ${request.method} ${request.url.split('?')[0]} not found` });
  });
}

/** Error answers: `{message, code}`, 400 for schema violations, nothing leaked on a 500. */
export default fp(errors, { name: 'errors', fastify: '5.x' });
