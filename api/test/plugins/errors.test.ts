import Fastify from 'fastify';
import errors from '../../src/plugins/errors';
import { HttpError } from '../../src/errors';

async function appThatThrows(error: unknown) {
  const app = Fastify({ logger: false });
  await app.register(errors);
  app.get('/boom', async () => {
    throw error;
  });
  await app.ready();
  return app;
}

describe('error answers', () => {
  it('hide the details of an unexpected error behind a 500', async () => {
    const app = await appThatThrows(new Error('password=hunter2 at db.ts:12'));
    const response = await app.inject({ method: 'GET', url: '/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Internal server error' });
    expect(response.body).not.toContain('hunter2');
    await app.close();
  });

  it('pass on the status, message and code of an HttpError', async () => {
    const app = await appThatThrows(new HttpError(409, 'Already there', 'ERR_CONFLICT'));
    const response = await app.inject({ method: 'GET', url: '/boom' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'Already there', code: 'ERR_CONFLICT' });
    await app.close();
  });
});
