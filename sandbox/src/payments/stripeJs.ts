import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { escapeHtml } from '../html';
import { cardBrand, cvcProblem, expiryProblem, luhnValid, numberProblem } from './cardRules';
import type { PaymentsContext } from './context';

/**
 * The release train `Stripe.version` reports. `@stripe/stripe-js`'s loadStripe compares it with
 * the train it was built for (its RELEASE_TRAIN) and warns on a mismatch for pk_test keys; this
 * is the train of @stripe/stripe-js 10 (and of the API version the sandbox answers in).
 */
export const STRIPE_JS_VERSION = 'endive';

/** The message tag of every parent↔frame message, so other postMessage traffic is ignored. */
const TAG = 'pos-payments-sandbox';

/**
 * The browser half of Stripe.js that the dashboard uses: `Stripe(pk)`, `elements()`, the card
 * Element (mounted as an iframe of this origin, so the typed card never touches the page's
 * origin), `createPaymentMethod` and `confirmCardSetup`, and the hooks the official loaders call
 * (`registerAppInfo`, `_registerWrapper`). Messages between page and frame are checked by
 * origin and source both ways.
 */
export function stripeJsSource(): string {
  return `/* Stripe.js-compatible script of the Cloud POS payments sandbox */
(function () {
  'use strict';
  if (window.Stripe && window.Stripe.__posPaymentsSandbox) return;
  var script = document.currentScript;
  var ORIGIN = new URL(script ? script.src : location.href).origin;
  var TAG = ${JSON.stringify(TAG)};
  var counter = 0;

  function integrationError(message) {
    var error = new Error(message);
    error.name = 'IntegrationError';
    return error;
  }

  function Stripe(key, options) {
    if (!(this instanceof Stripe)) return new Stripe(key, options);
    if (typeof key !== 'string') {
      throw integrationError('Invalid value for Stripe(): apiKey should be a string. You specified: ' + typeof key + '.');
    }
    if (/^sk_/.test(key)) {
      throw integrationError('You should not use your secret key with Stripe.js. Please pass a publishable key instead.');
    }
    if (!/^pk_(test|live)_\\w+$/.test(key)) {
      throw integrationError('Invalid value for Stripe(): apiKey should be a publishable key (pk_test_...). You specified: ' + key + '.');
    }
    this._key = key;
    this._options = options || {};
    this._appInfo = null;
    this._wrappers = [];
    this._elements = [];
  }
  Stripe.version = ${JSON.stringify(STRIPE_JS_VERSION)};
  Stripe.__posPaymentsSandbox = true;

  Stripe.prototype.registerAppInfo = function (info) { this._appInfo = info; };
  Stripe.prototype._registerWrapper = function (wrapper) { this._wrappers.push(wrapper); };
  Stripe.prototype.elements = function (options) {
    var elements = new Elements(this, options || {});
    this._elements.push(elements);
    return elements;
  };

  function unsupported(name) {
    return function () {
      return Promise.resolve({ error: { type: 'invalid_request_error', code: 'unsupported',
        message: 'The payments sandbox does not support ' + name + '; use createPaymentMethod or confirmCardSetup.' } });
    };
  }
  Stripe.prototype.createToken = unsupported('createToken');
  Stripe.prototype.createSource = unsupported('createSource');
  Stripe.prototype.confirmCardPayment = unsupported('confirmCardPayment');
  Stripe.prototype.confirmPayment = unsupported('confirmPayment');
  Stripe.prototype.confirmSetup = unsupported('confirmSetup');
  Stripe.prototype.handleCardAction = unsupported('handleCardAction');
  Stripe.prototype.retrieveSetupIntent = unsupported('retrieveSetupIntent');
  Stripe.prototype.retrievePaymentIntent = unsupported('retrievePaymentIntent');

  function cardElementOf(value) {
    return value && value.__cardElement ? value : null;
  }

  Stripe.prototype.createPaymentMethod = function (first, second, third) {
    // Both signatures: ({ type, card, billing_details }) and ('card', element, data).
    var data = typeof first === 'string' ? Object.assign({ type: first, card: second }, third || {}) : first || {};
    if (data.type !== 'card') {
      return Promise.reject(integrationError('The payments sandbox creates PaymentMethods of type card only.'));
    }
    var element = cardElementOf(data.card);
    if (!element) {
      return Promise.reject(integrationError('Invalid value for createPaymentMethod: card should be a card Element.'));
    }
    return element._request('createPaymentMethod', { billing_details: data.billing_details || null });
  };

  Stripe.prototype.confirmCardSetup = function (clientSecret, data) {
    if (typeof clientSecret !== 'string' || clientSecret.indexOf('_secret_') < 0) {
      return Promise.reject(integrationError('Invalid value for confirmCardSetup: clientSecret should be a client secret of the form \${id}_secret_\${secret}.'));
    }
    var method = (data && data.payment_method) || {};
    var element = cardElementOf(method.card);
    if (!element) {
      return Promise.reject(integrationError('The payments sandbox confirms card setups from a card Element: pass { payment_method: { card: element } }.'));
    }
    return element._request('confirmCardSetup', {
      clientSecret: clientSecret,
      billing_details: method.billing_details || null
    });
  };

  function Elements(stripe, options) {
    this._stripe = stripe;
    this._options = options;
    this._card = null;
  }
  Elements.prototype.create = function (type, options) {
    if (type !== 'card') {
      throw integrationError('The payments sandbox supports the card Element only; you passed: ' + type + '.');
    }
    if (this._card) {
      throw integrationError('Can only create one Element of type card.');
    }
    this._card = new CardElement(this, options || {});
    return this._card;
  };
  Elements.prototype.getElement = function (type) {
    var name = typeof type === 'string' ? type : type && type.__elementType;
    return name === 'card' ? this._card : null;
  };
  Elements.prototype.update = function (options) {
    this._options = Object.assign({}, this._options, options || {});
  };
  Elements.prototype.fetchUpdates = function () { return Promise.resolve({}); };
  Elements.prototype.submit = function () { return Promise.resolve({}); };

  function CardElement(elements, options) {
    this.__cardElement = true;
    this._elements = elements;
    this._options = options;
    this._id = 'card-' + (++counter) + '-' + Math.random().toString(36).slice(2);
    this._handlers = {};
    this._frame = null;
    this._container = null;
    this._ready = false;
    this._queue = [];
    this._pending = {};
    this._destroyed = false;
    this._state = { empty: true, complete: false, error: undefined };
    var self = this;
    this._onMessage = function (event) { self._receive(event); };
  }

  CardElement.prototype.mount = function (target) {
    if (this._destroyed) throw integrationError('This Element has already been destroyed. Please create a new one.');
    var container = typeof target === 'string' ? document.querySelector(target) : target;
    if (!container || container.nodeType !== 1) {
      throw integrationError('The selector you specified (' + target + ') applies to no DOM elements that are currently on the page.');
    }
    if (this._frame) this.unmount();
    var query = new URLSearchParams({ origin: location.origin, key: this._elements._stripe._key, id: this._id });
    var frame = document.createElement('iframe');
    frame.src = ORIGIN + '/elements/card?' + query.toString();
    frame.name = '__privateStripeFrame' + this._id;
    frame.title = 'Secure card payment input frame';
    frame.setAttribute('frameborder', '0');
    frame.setAttribute('allowtransparency', 'true');
    frame.setAttribute('scrolling', 'no');
    frame.style.cssText = 'border:none;margin:0;padding:0;width:100%;min-width:100%;height:24px;display:block;overflow:hidden;background:transparent;';
    container.classList.add('StripeElement', 'StripeElement--empty');
    container.appendChild(frame);
    this._container = container;
    this._frame = frame;
    this._ready = false;
    window.addEventListener('message', this._onMessage);
  };

  CardElement.prototype._receive = function (event) {
    // Only this element's frame, on the sandbox's origin, may talk to it.
    if (event.origin !== ORIGIN || !this._frame || event.source !== this._frame.contentWindow) return;
    var data = event.data;
    if (!data || data.tag !== TAG || data.id !== this._id) return;
    if (data.type === 'ready') {
      this._ready = true;
      this._post({ type: 'update', options: this._options });
      var queued = this._queue;
      this._queue = [];
      for (var i = 0; i < queued.length; i++) this._post(queued[i]);
      this._emit('ready', { elementType: 'card' });
    } else if (data.type === 'resize') {
      this._frame.style.height = data.height + 'px';
    } else if (data.type === 'change') {
      this._state = data.event;
      this._classes();
      this._emit('change', data.event);
    } else if (data.type === 'focus' || data.type === 'blur') {
      if (this._container) this._container.classList.toggle('StripeElement--focus', data.type === 'focus');
      this._emit(data.type, { elementType: 'card' });
    } else if (data.type === 'escape') {
      this._emit('escape', { elementType: 'card' });
    } else if (data.type === 'result') {
      var resolve = this._pending[data.requestId];
      delete this._pending[data.requestId];
      if (resolve) resolve(data.result);
    }
  };

  CardElement.prototype._classes = function () {
    var list = this._container && this._container.classList;
    if (!list) return;
    list.toggle('StripeElement--empty', !!this._state.empty);
    list.toggle('StripeElement--complete', !!this._state.complete);
    list.toggle('StripeElement--invalid', !!this._state.error);
  };

  CardElement.prototype._post = function (message) {
    if (!this._frame || !this._frame.contentWindow) return;
    if (!this._ready) { this._queue.push(message); return; }
    message.tag = TAG;
    message.id = this._id;
    this._frame.contentWindow.postMessage(message, ORIGIN);
  };

  CardElement.prototype._request = function (action, payload) {
    var self = this;
    if (!this._frame) {
      return Promise.reject(integrationError('We could not retrieve data from the specified Element. Please make sure the Element you are attempting to use is still mounted.'));
    }
    return new Promise(function (resolve) {
      var requestId = 'req-' + (++counter);
      self._pending[requestId] = resolve;
      self._post({ type: 'request', requestId: requestId, action: action, payload: payload });
    });
  };

  CardElement.prototype.on = function (event, handler) {
    (this._handlers[event] = this._handlers[event] || []).push(handler);
    if (event === 'ready' && this._ready) handler({ elementType: 'card' });
    return this;
  };
  CardElement.prototype.addEventListener = CardElement.prototype.on;
  CardElement.prototype.once = function (event, handler) {
    var self = this;
    function wrapped(payload) { self.off(event, wrapped); handler(payload); }
    return this.on(event, wrapped);
  };
  CardElement.prototype.off = function (event, handler) {
    var list = this._handlers[event] || [];
    this._handlers[event] = handler ? list.filter(function (entry) { return entry !== handler; }) : [];
    return this;
  };
  CardElement.prototype.removeEventListener = CardElement.prototype.off;
  CardElement.prototype._emit = function (event, payload) {
    var list = (this._handlers[event] || []).slice();
    for (var i = 0; i < list.length; i++) list[i](payload);
  };
  CardElement.prototype.update = function (options) {
    this._options = Object.assign({}, this._options, options || {});
    if (this._frame) this._post({ type: 'update', options: this._options });
  };
  CardElement.prototype.focus = function () { this._post({ type: 'focus' }); };
  CardElement.prototype.blur = function () { this._post({ type: 'blur' }); };
  CardElement.prototype.clear = function () { this._post({ type: 'clear' }); };
  CardElement.prototype.unmount = function () {
    window.removeEventListener('message', this._onMessage);
    if (this._frame && this._frame.parentNode) this._frame.parentNode.removeChild(this._frame);
    if (this._container) {
      this._container.classList.remove('StripeElement', 'StripeElement--empty', 'StripeElement--complete',
        'StripeElement--invalid', 'StripeElement--focus');
    }
    this._frame = null;
    this._container = null;
    this._ready = false;
    this._queue = [];
    return this;
  };
  CardElement.prototype.destroy = function () {
    this.unmount();
    this._destroyed = true;
    if (this._elements._card === this) this._elements._card = null;
    return this;
  };

  window.Stripe = Stripe;
})();
`;
}

/** The card frame's script: the card rules (the server's own functions) and the messaging. */
function frameScript(parentOrigin: string, key: string, id: string): string {
  return `(function () {
  'use strict';
  var PARENT = ${JSON.stringify(parentOrigin)};
  var KEY = ${JSON.stringify(key)};
  var ID = ${JSON.stringify(id)};
  var TAG = ${JSON.stringify(TAG)};
  ${cardBrand.toString()}
  ${luhnValid.toString()}
  ${numberProblem.toString()}
  ${expiryProblem.toString()}
  ${cvcProblem.toString()}
  var number = document.getElementById('number');
  var expiry = document.getElementById('expiry');
  var cvc = document.getElementById('cvc');
  var touched = { number: false, expiry: false, cvc: false };

  function send(message) {
    message.tag = TAG;
    message.id = ID;
    window.parent.postMessage(message, PARENT);
  }
  function digits(value) { return value.replace(/\\D/g, ''); }
  function parsedExpiry() {
    var parts = digits(expiry.value);
    return { month: Number(parts.slice(0, 2)), year: parts.length === 4 ? Number(parts.slice(2)) : NaN, length: parts.length };
  }
  function problems(final) {
    var brand = cardBrand(digits(number.value));
    var found = [];
    var n = numberProblem(number.value);
    if (n && (final || touched.number || n.code !== 'incomplete_number')) found.push(['number', n]);
    var e = parsedExpiry();
    var ep = expiryProblem(e.month, e.year, new Date());
    if (ep && (final || touched.expiry || e.length === 4 || ep.code !== 'incomplete_expiry')) found.push(['expiry', ep]);
    var c = cvcProblem(digits(cvc.value), brand);
    if (c && (final || touched.cvc || c.code !== 'incomplete_cvc')) found.push(['cvc', c]);
    return found;
  }
  function state() {
    var brand = cardBrand(digits(number.value));
    var shown = problems(false);
    var all = problems(true);
    number.setAttribute('aria-invalid', String(shown.some(function (p) { return p[0] === 'number'; })));
    expiry.setAttribute('aria-invalid', String(shown.some(function (p) { return p[0] === 'expiry'; })));
    cvc.setAttribute('aria-invalid', String(shown.some(function (p) { return p[0] === 'cvc'; })));
    return {
      elementType: 'card',
      empty: !number.value && !expiry.value && !cvc.value,
      complete: all.length === 0,
      error: shown.length ? shown[0][1] : undefined,
      brand: brand,
      value: { postalCode: '' }
    };
  }
  function changed() { send({ type: 'change', event: state() }); }

  number.addEventListener('input', function () {
    var d = digits(number.value).slice(0, /^3[47]/.test(digits(number.value)) ? 15 : 16);
    number.value = d.replace(/(\\d{4})(?=\\d)/g, '$1 ');
    changed();
  });
  expiry.addEventListener('input', function (event) {
    var d = digits(expiry.value).slice(0, 4);
    if (d.length === 1 && Number(d) > 1) d = '0' + d;
    var deleting = event.inputType && event.inputType.indexOf('delete') === 0;
    expiry.value = d.length > 2 || (d.length === 2 && !deleting) ? d.slice(0, 2) + ' / ' + d.slice(2) : d;
    changed();
  });
  cvc.addEventListener('input', function () { cvc.value = digits(cvc.value).slice(0, 4); changed(); });
  [['number', number], ['expiry', expiry], ['cvc', cvc]].forEach(function (entry) {
    entry[1].addEventListener('focus', function () { send({ type: 'focus' }); });
    entry[1].addEventListener('blur', function () {
      touched[entry[0]] = entry[1].value !== '';
      send({ type: 'blur' });
      changed();
    });
    entry[1].addEventListener('keydown', function (event) { if (event.key === 'Escape') send({ type: 'escape' }); });
  });

  function applyOptions(options) {
    var style = (options && options.style) || {};
    var base = style.base || {};
    var invalid = style.invalid || {};
    var placeholder = base['::placeholder'] || {};
    var css = 'input{' +
      (base.color ? 'color:' + base.color + ';' : '') +
      (base.fontSize ? 'font-size:' + base.fontSize + ';' : '') +
      (base.fontFamily ? 'font-family:' + base.fontFamily + ';' : '') +
      (base.fontWeight ? 'font-weight:' + base.fontWeight + ';' : '') +
      '}' +
      (placeholder.color ? 'input::placeholder{color:' + placeholder.color + ';}' : '') +
      (invalid.color ? 'input[aria-invalid=true]{color:' + invalid.color + ';}' : '');
    document.getElementById('custom').textContent = css.replace(/[<>]/g, '');
    var disabled = !!(options && options.disabled);
    number.disabled = disabled; expiry.disabled = disabled; cvc.disabled = disabled;
  }

  function form(prefix, value, out) {
    if (value === null || value === undefined) return out;
    if (typeof value === 'object') {
      Object.keys(value).forEach(function (key) { form(prefix + '[' + key + ']', value[key], out); });
    } else {
      out.push(encodeURIComponent(prefix) + '=' + encodeURIComponent(String(value)));
    }
    return out;
  }
  function encode(object, prefix) {
    var out = [];
    Object.keys(object).forEach(function (key) { form(prefix ? prefix + '[' + key + ']' : key, object[key], out); });
    return out;
  }
  function cardData(billing) {
    var e = parsedExpiry();
    var data = { type: 'card', card: { number: digits(number.value), exp_month: e.month, exp_year: e.year, cvc: digits(cvc.value) } };
    if (billing) data.billing_details = billing;
    return data;
  }
  function post(path, fields) {
    return fetch(path, {
      method: 'POST',
      headers: { 'Authorization': 'Bearer ' + KEY, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: fields.join('&')
    }).then(function (response) {
      return response.json().then(function (body) { return { ok: response.ok, body: body }; });
    });
  }
  var connectionError = { error: { type: 'api_connection_error',
    message: 'An error occurred with our connection to Stripe. Request was retried 0 times.' } };

  function handle(request) {
    var invalid = problems(true);
    if (invalid.length) {
      touched = { number: true, expiry: true, cvc: true };
      changed();
      return Promise.resolve({ error: invalid[0][1] });
    }
    var payload = request.payload || {};
    if (request.action === 'createPaymentMethod') {
      return post('/v1/payment_methods', encode(cardData(payload.billing_details), '')).then(function (answer) {
        return answer.ok ? { paymentMethod: answer.body } : { error: answer.body.error };
      }, function () { return connectionError; });
    }
    if (request.action === 'confirmCardSetup') {
      var secret = String(payload.clientSecret);
      var intentId = secret.split('_secret_')[0];
      var fields = encode(cardData(payload.billing_details), 'payment_method_data');
      form('client_secret', secret, fields);
      return post('/v1/setup_intents/' + encodeURIComponent(intentId) + '/confirm', fields).then(function (answer) {
        return answer.ok ? { setupIntent: answer.body } : { error: answer.body.error };
      }, function () { return connectionError; });
    }
    return Promise.resolve({ error: { type: 'invalid_request_error', message: 'Unknown request.' } });
  }

  window.addEventListener('message', function (event) {
    // Only the page that mounted the element may drive it.
    if (event.origin !== PARENT || event.source !== window.parent) return;
    var data = event.data;
    if (!data || data.tag !== TAG || data.id !== ID) return;
    if (data.type === 'update') applyOptions(data.options);
    else if (data.type === 'focus') number.focus();
    else if (data.type === 'blur') document.activeElement && document.activeElement.blur();
    else if (data.type === 'clear') {
      number.value = ''; expiry.value = ''; cvc.value = '';
      touched = { number: false, expiry: false, cvc: false };
      changed();
    } else if (data.type === 'request') {
      handle(data).then(function (result) {
        send({ type: 'result', requestId: data.requestId, result: result });
      });
    }
  });
  send({ type: 'ready' });
  send({ type: 'resize', height: Math.ceil(document.documentElement.getBoundingClientRect().height) });
})();`;
}

const isOrigin = (value: string) => {
  try {
    const url = new URL(value);
    return /^https?:$/.test(url.protocol) && url.origin === value;
  } catch {
    return false;
  }
};

/** `GET /v3/` (and `/js/v3.js`): the script; `GET /elements/card`: the card frame. */
export function stripeJsRoutes(app: FastifyInstance, ctx: PaymentsContext): void {
  const source = stripeJsSource();
  for (const url of ['/v3', '/v3/', '/js/v3.js']) {
    app.get(url, async (_request, reply) =>
      reply
        .type('application/javascript; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('access-control-allow-origin', '*')
        .send(source),
    );
  }
  app.get<{ Querystring: Record<string, unknown> }>('/elements/card', async (request, reply) => {
    const { origin, key, id } = request.query;
    if (typeof origin !== 'string' || !isOrigin(origin)) {
      return reply
        .status(400)
        .type('text/plain')
        .send("origin must be the embedding page's origin");
    }
    if (typeof key !== 'string' || key !== ctx.publishableKey) {
      return reply.status(400).type('text/plain').send('key must be the publishable key');
    }
    if (typeof id !== 'string' || !/^[\w-]{1,80}$/.test(id)) {
      return reply.status(400).type('text/plain').send('id must name the element');
    }
    const nonce = randomBytes(16).toString('base64');
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header(
        'content-security-policy',
        `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'unsafe-inline'; connect-src 'self'; base-uri 'none'; form-action 'none'`,
      ).send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Card details</title>
<style>
html,body{margin:0;padding:0;background:transparent;overflow:hidden}
form{display:flex;gap:8px;align-items:center;margin:0;font:16px/24px system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif}
input{border:0;outline:0;background:transparent;font:inherit;color:#1d2433;padding:0;margin:0;min-width:0;height:24px}
input:focus-visible{text-decoration:underline;text-decoration-color:#9db7f5}
#number{flex:1 1 auto}#expiry{flex:0 0 5.5em}#cvc{flex:0 0 3.5em}
</style><style id="custom"></style></head>
<body><form novalidate autocomplete="on">
<input id="number" name="cardnumber" inputmode="numeric" autocomplete="cc-number" placeholder="Card number" aria-label="Credit or debit card number" maxlength="23">
<input id="expiry" name="exp-date" inputmode="numeric" autocomplete="cc-exp" placeholder="MM / YY" aria-label="Credit or debit card expiration date" maxlength="7">
<input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="CVC" aria-label="Credit or debit card CVC/CVV" maxlength="4">
</form>
<script nonce="${escapeHtml(nonce)}">${frameScript(origin, key, id).replace(/<\//g, '<\\/')}</script>
</body></html>`);
  });
}
