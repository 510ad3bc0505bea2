import { escapeHtml, renderPage } from '../html';

export interface SignInPageOptions {
  action: string;
  registerHref: string;
  email?: string;
  error?: string;
  /** Someone already signed in at the provider: offer to continue as them. */
  continueAs?: { name: string; email: string };
  supportUrl?: string;
}

function alert(message: string | undefined): string {
  return message ? `<div class="alert" role="alert">${escapeHtml(message)}</div>` : '';
}

export function signInPage(options: SignInPageOptions): string {
  const { action, registerHref, email = '', error, continueAs } = options;
  const continueForm = continueAs
    ? `<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="continue" value="1">
<p class="lead">You are signed in as <strong>${escapeHtml(continueAs.name)}</strong>
(${escapeHtml(continueAs.email)}).</p>
<button type="submit">Continue as ${escapeHtml(continueAs.name)}</button>
</form>
<hr class="divider">
<p class="lead">Or sign in with another account</p>`
    : '';
  return renderPage({
    title: 'Sign in · Cloud POS',
    supportUrl: options.supportUrl,
    body: `<h1>Sign in</h1>
<p class="lead">to continue to your Cloud POS dashboard</p>
${continueForm}
${alert(error)}
<form method="post" action="${escapeHtml(action)}" novalidate>
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" required
  value="${escapeHtml(email)}"${error ? ' aria-invalid="true"' : ''}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${error ? ' aria-invalid="true"' : ''}>
<button type="submit">Sign in</button>
</form>
<p class="alt">New to Cloud POS? <a href="${escapeHtml(registerHref)}">Create an account</a></p>`,
  });
}

export interface RegisterFields {
  name: string;
  email: string;
}

export type RegisterErrors = Partial<Record<'name' | 'email' | 'password', string>>;

export interface RegisterPageOptions {
  action: string;
  signInHref: string;
  values?: RegisterFields;
  errors?: RegisterErrors;
  /** A refusal of the whole form (too many attempts), shown above it. */
  error?: string;
  supportUrl?: string;
}

function field(
  id: 'name' | 'email' | 'password',
  label: string,
  input: string,
  errors: RegisterErrors,
  hint?: string,
): string {
  const error = errors[id];
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ');
  const aria = `${describedBy ? ` aria-describedby="${describedBy}"` : ''}${error ? ' aria-invalid="true"' : ''}`;
  return `<label for="${id}">${label}</label>
${input.replace('>', `${aria}>`)}
${hint ? `<p class="hint" id="${id}-hint">${hint}</p>` : ''}
${error ? `<p class="field-error" id="${id}-error">${escapeHtml(error)}</p>` : ''}`;
}

export function registerPage(options: RegisterPageOptions): string {
  const { action, signInHref, values = { name: '', email: '' }, errors = {} } = options;
  const summary = options.error
    ? alert(options.error)
    : Object.keys(errors).length
      ? '<div class="alert" role="alert">Please correct the highlighted fields.</div>'
      : '';
  return renderPage({
    title: 'Create your account · Cloud POS',
    supportUrl: options.supportUrl,
    body: `<h1>Create your account</h1>
<p class="lead">Start processing orders today, no credit card needed.</p>
${summary}
<form method="post" action="${escapeHtml(action)}" novalidate>
${field('name', 'Full name', `<input id="name" name="name" type="text" autocomplete="name" required value="${escapeHtml(values.name)}">`, errors)}
${field('email', 'Email', `<input id="email" name="email" type="email" autocomplete="email" required value="${escapeHtml(values.email)}">`, errors)}
${field('password', 'Password', '<input id="password" name="password" type="password" autocomplete="new-password" required minlength="8">', errors, 'At least 8 characters.')}
<button type="submit">Create account</button>
</form>
<p class="alt">Already have an account? <a href="${escapeHtml(signInHref)}">Sign in</a></p>`,
  });
}

export interface MessagePageOptions {
  title: string;
  text: string;
  tone?: 'error' | 'success';
  link?: { href: string; label: string };
  supportUrl?: string;
}

/** A page that only tells the visitor something (errors, confirmations). */
export function messagePage({ title, text, tone, link, supportUrl }: MessagePageOptions): string {
  const box =
    tone === 'error'
      ? `<div class="alert" role="alert">${escapeHtml(text)}</div>`
      : tone === 'success'
        ? `<div class="alert success" role="status">${escapeHtml(text)}</div>`
        : `<p class="lead">${escapeHtml(text)}</p>`;
  const action = link
    ? `<a class="button" href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a>`
    : '';
  return renderPage({
    title: `${title} · Cloud POS`,
    supportUrl,
    body: `<h1>${escapeHtml(title)}</h1>\n${box}\n${action}`,
  });
}
