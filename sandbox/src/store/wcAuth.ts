import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml } from '../html';
import { bodyString } from '../login/context';
import {
  LOGIN_ERROR,
  canManageWooCommerce,
  checkLogin,
  currentUser,
  loginPage,
  messagePage,
} from './auth';
import { postCallback } from './callback';
import type { StoreContext } from './context';
import { htmlPage, rawQuery } from './context';
import { plainPage } from './pages';
import type { WpUser } from './seed';
import type { KeyPermissions } from './state';
import { KEY_PERMISSIONS } from './state';

/** The query of every wc-auth step, validated. */
export interface WcAuthParams {
  app_name: string;
  scope: KeyPermissions;
  user_id: string;
  return_url: string;
  callback_url: string;
}

export const CALLBACK_FAILED =
  'An error occurred in the request and at the time were unable to send the consumer data';

const GRANT_ACTION = 'wc_auth_grant_access';

const SCOPE_TEXT: Record<KeyPermissions, { label: string; can: string[] }> = {
  read: {
    label: 'Read',
    can: ['View coupons', 'View customers', 'View orders and sales reports', 'View products'],
  },
  write: {
    label: 'Write',
    can: [
      'Create webhooks',
      'Create coupons',
      'Create customers',
      'Create orders',
      'Create products',
    ],
  },
  read_write: {
    label: 'Read/Write',
    can: [
      'View and manage orders and sales reports',
      'View and manage customers',
      'View and manage coupons',
      'View and manage products',
      'Create webhooks',
    ],
  },
};

function isHttpUrl(value: string): boolean {
  try {
    return /^https?:$/.test(new URL(value).protocol);
  } catch {
    return false;
  }
}

/**
 * Validates the query like WooCommerce's auth_endpoint, with its messages: the missing
 * parameter, the scope, both URLs, then https for the callback. A string is the error.
 */
export function readWcAuthParams(query: URLSearchParams): WcAuthParams | string {
  for (const name of ['app_name', 'user_id', 'return_url', 'callback_url', 'scope']) {
    if (!query.get(name)) return `Missing parameter ${name}`;
  }
  const scope = query.get('scope') ?? '';
  if (!(KEY_PERMISSIONS as readonly string[]).includes(scope)) return `Invalid scope ${scope}`;
  for (const name of ['return_url', 'callback_url']) {
    if (!isHttpUrl(query.get(name) ?? '')) return `The ${name} is not a valid URL`;
  }
  const callback = query.get('callback_url') ?? '';
  if (!callback.toLowerCase().startsWith('https://'))
    return 'The callback_url needs to be over SSL';
  return {
    app_name: query.get('app_name') ?? '',
    scope: scope as KeyPermissions,
    user_id: query.get('user_id') ?? '',
    return_url: query.get('return_url') ?? '',
    callback_url: callback,
  };
}

/** WooCommerce's add_query_arg on return_url: success and user_id replace any present. */
export function returnUrl(params: WcAuthParams, success: 0 | 1): string {
  const url = new URL(params.return_url);
  url.searchParams.set('success', String(success));
  url.searchParams.set('user_id', params.user_id);
  return url.toString();
}

/** `Y-m-d H:i:s` in UTC, like PHP's gmdate in the key description. */
function gmdate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}

function approvePage(
  ctx: StoreContext,
  params: WcAuthParams,
  query: string,
  userName: string,
  nonce: string,
): string {
  const scope = SCOPE_TEXT[params.scope];
  const app = escapeHtml(params.app_name);
  return plainPage(
    'Authorize',
    ctx.seed.name,
    `<p class="muted">${escapeHtml(ctx.seed.name)}</p>
<h1>${app} would like to connect to your store</h1>
<p>This will give "${app}" <strong>${scope.label}</strong> access which will allow it to:</p>
<ul>
${scope.can.map((line) => `<li>${escapeHtml(line)}</li>`).join('\n')}
</ul>
<p class="muted">Logged in as ${escapeHtml(userName)}</p>
<form method="post" action="/wc-auth/v1/access_granted?${escapeHtml(query)}">
<input type="hidden" name="_wpnonce" value="${escapeHtml(nonce)}">
<div class="actions">
<button type="submit">Approve</button>
<a class="button secondary" href="/wc-auth/v1/access_denied?${escapeHtml(query)}">Deny</a>
</div>
</form>`,
  );
}

/** wc-auth v1: the login, approve/deny page, the key's callback and the way back. */
export function wcAuthRoutes(app: FastifyInstance, ctx: StoreContext): void {
  const fail = (reply: FastifyReply, status: number, message: string) =>
    htmlPage(reply, status).send(messagePage(ctx, 'Error', `Error: ${message}.`));

  type Done = { done: FastifyReply };
  type Valid = { params: WcAuthParams; query: string };
  type SignedIn = Valid & { sessionId: string; user: WpUser };

  /** Every step first validates the query, as WooCommerce's auth_endpoint does. */
  const validated = (request: FastifyRequest, reply: FastifyReply): Done | Valid => {
    const query = rawQuery(request.url);
    const params = readWcAuthParams(new URLSearchParams(query));
    if (typeof params === 'string') return { done: fail(reply, 400, params) };
    return { params, query };
  };

  /** The steps after the login need a logged-in user who may manage WooCommerce. */
  const begin = (request: FastifyRequest, reply: FastifyReply): Done | SignedIn => {
    const step = validated(request, reply);
    if ('done' in step) return step;
    const signedIn = currentUser(ctx, request);
    if (!signedIn) return { done: reply.redirect(`/wc-auth/v1/login?${step.query}`, 302) };
    if (!canManageWooCommerce(signedIn.user)) {
      return { done: fail(reply, 403, 'You do not have permission to access this page') };
    }
    return { ...step, ...signedIn };
  };

  /** The login step sends a logged-in browser straight on to authorize. */
  const beginLogin = (request: FastifyRequest, reply: FastifyReply): Done | Valid => {
    const step = validated(request, reply);
    if ('done' in step) return step;
    if (currentUser(ctx, request)) {
      return { done: reply.redirect(`/wc-auth/v1/authorize?${step.query}`, 302) };
    }
    return step;
  };

  const showLogin = (
    reply: FastifyReply,
    params: WcAuthParams,
    query: string,
    view: { username?: string; error?: string } = {},
  ) =>
    htmlPage(reply, 200).send(
      loginPage(ctx, {
        action: `/wc-auth/v1/login?${query}`,
        intro: `To connect to ${params.app_name} you need to be logged in. Log in to your store below, or cancel and return to ${params.app_name}.`,
        ...view,
      }),
    );

  app.get('/wc-auth/v1/login', async (request, reply) => {
    const step = beginLogin(request, reply);
    if ('done' in step) return step.done;
    return showLogin(reply, step.params, step.query);
  });

  app.post('/wc-auth/v1/login', async (request, reply) => {
    const step = beginLogin(request, reply);
    if ('done' in step) return step.done;
    const username = bodyString(request.body, 'log') ?? '';
    const user = checkLogin(ctx, username, bodyString(request.body, 'pwd') ?? '');
    if (!user) return showLogin(reply, step.params, step.query, { username, error: LOGIN_ERROR });
    reply.header('set-cookie', ctx.sessions.create(user).cookie);
    return reply.redirect(`/wc-auth/v1/authorize?${step.query}`, 302);
  });

  app.get('/wc-auth/v1/authorize', async (request, reply) => {
    const step = begin(request, reply);
    if ('done' in step) return step.done;
    const { sessionId, user } = step;
    return htmlPage(reply, 200).send(
      approvePage(
        ctx,
        step.params,
        step.query,
        user.name,
        ctx.sessions.nonce(sessionId, GRANT_ACTION),
      ),
    );
  });

  app.get('/wc-auth/v1/access_denied', async (request, reply) => {
    const step = begin(request, reply);
    if ('done' in step) return step.done;
    return reply.redirect(returnUrl(step.params, 0), 302);
  });

  app.post('/wc-auth/v1/access_granted', async (request, reply) => {
    const step = begin(request, reply);
    if ('done' in step) return step.done;
    const { sessionId, user } = step;
    if (!ctx.sessions.checkNonce(sessionId, GRANT_ACTION, bodyString(request.body, '_wpnonce'))) {
      return fail(reply, 403, 'The link you followed has expired');
    }
    const { params } = step;
    const key = await ctx.state.createKey({
      user_id: user.id,
      permissions: params.scope,
      description: `${params.app_name.slice(0, 170)} - API (${gmdate(ctx.now())})`,
    });
    const outcome = await postCallback(
      params.callback_url,
      {
        key_id: key.key_id,
        user_id: params.user_id,
        consumer_key: key.consumer_key,
        consumer_secret: key.consumer_secret,
        key_permissions: params.scope,
      },
      ctx.callbackCa,
    );
    if (outcome !== 200) {
      const why = typeof outcome === 'number' ? `answered ${outcome}` : outcome.message;
      console.error(
        `sandbox store: wc-auth callback to ${new URL(params.callback_url).host} failed: ${why}`,
      );
      await ctx.state.deleteKey(key.key_id);
      return fail(reply, 400, CALLBACK_FAILED);
    }
    return reply.redirect(returnUrl(params, 1), 302);
  });
}
