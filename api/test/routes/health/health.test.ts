import type { TestContext } from '../../helpers/app';
import { createTestContext } from '../../helpers/app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('GET /health', () => {
  it('answers ok without a token', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/connect-ui/health' });
    expect(response.json()).toEqual({ status: 'ok' });
  });
});

describe('GET /openapi.json', () => {
  it('serves an OpenAPI 3 document describing every route', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/connect-ui/openapi.json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json() as {
      openapi: string;
      paths: Record<string, Record<string, { description?: string }>>;
    };
    expect(doc.openapi).toMatch(/^3\./);
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map(
        (method) => `${method.toUpperCase()} ${path.replace('/api/connect-ui', '')}`,
      ),
    );
    expect(operations.sort()).toEqual(
      [
        'GET /health',
        'GET /openapi.json',
        'GET /user-settings',
        'PUT /user-settings',
        'GET /user-data',
        'POST /resend-activation-email',
        'POST /user-last-access',
        'GET /check-ban',
        'GET /activities-list',
        'GET /activities/verify',
        'GET /activities/export',
        'POST /live/ticket',
        'POST /logout',
        'GET /live/stream',
        'GET /analytics/orders',
        'GET /analytics/usage',
        'POST /activities',
        'GET /subscription-monitor',
        'GET /subscription-plans',
        'POST /subscription',
        'GET /payment-methods',
        'POST /payment-method',
        'PUT /payment-method',
        'DELETE /payment-methods/{id}',
        'DELETE /session-cookie',
        'GET /promotion-code/active',
        'POST /promotion-code',
        'POST /stripe/webhook',
        'GET /admin-panel/users',
        'PATCH /admin-panel/users/{id}/status',
        'PATCH /admin-panel/users/{id}/subscription-type',
        'GET /admin-panel/releases',
        'POST /admin-panel/releases',
        'POST /admin-panel/releases/{id}/promote',
        'POST /admin-panel/releases/remotes/{remote}/rollback',
        'POST /admin-panel/releases/remotes/{remote}/withdraw-canary',
        'GET /releases/live',
        'GET /viewer',
        'POST /releases/reports',
        'GET /applications',
        'GET /applications/site-check',
        'POST /applications',
        'POST /applications/find-or-create',
        'GET /applications/{id}',
        'PUT /applications/{id}',
        'DELETE /applications/{id}',
        'PUT /applications/{id}/auth-status',
        'GET /applications/{id}/user-accounts',
        'GET /applications/{id}/stations',
        'PUT /applications/{id}/stations/update-slug',
        'GET /shared-stations',
        'POST /send-invite-email',
        'POST /session-cookie',
        'GET /staff/users',
        'POST /staff/users',
        'POST /staff/invitations',
        'PATCH /staff/users/{wpUserId}',
        'DELETE /staff/users/{wpUserId}',
        'GET /staff/summary',
        'GET /user-tasks',
        'POST /user-tasks',
        'PATCH /user-tasks/support',
        'POST /user-tasks/send-support-request',
      ].sort(),
    );
    const tags = (doc.paths['/api/connect-ui/applications'] as Record<string, { tags?: string[] }>)
      .get?.tags;
    expect(tags).toEqual(['applications']);
    expect(doc.paths['/api/connect-ui/user-last-access']?.post?.description).toContain(
      'navigator.sendBeacon',
    );
    // Served once, called by nothing the spec's flows need (issue 29): gone from the contract.
    for (const path of ['/me/auth-token', '/getWpUser', '/applications/{id}/entry-details']) {
      expect(doc.paths[`/api/connect-ui${path}`]).toBeUndefined();
    }
  });
});

describe('unknown routes', () => {
  it('answer 404 with a message', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/connect-ui/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      message: 'Route GET /api/connect-ui/no-such-thing not found',
    });
  });
});
