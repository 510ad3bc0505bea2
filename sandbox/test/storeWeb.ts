import { postForm } from './helpers';

/** The `name=value` of the store's login cookie in a response. */
export function storeCookie(response: Response): string {
  const match = /(wordpress_logged_in_[0-9a-f]+=[^;]*)/.exec(
    response.headers.get('set-cookie') ?? '',
  );
  if (!match?.[1]) throw new Error('no store login cookie');
  return match[1];
}

/** Logs in through wp-login.php and returns the cookie. */
export async function logInToStore(storeUrl: string, log = 'storeadmin', pwd = 'demo1234') {
  const response = await postForm(`${storeUrl}/wp-login.php`, {
    log,
    pwd,
    redirect_to: '/wp-admin/',
  });
  if (response.status !== 302) throw new Error(`login answered ${response.status}`);
  return storeCookie(response);
}

export function getPage(url: string, cookie?: string) {
  return fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });
}

/** The value of the `_wpnonce` hidden field in a page. */
export function nonceIn(html: string): string {
  const match = /name="_wpnonce" value="([^"]+)"/.exec(html);
  if (!match?.[1]) throw new Error('no nonce in the page');
  return match[1];
}
