/*
 * "Connect to Cloud POS": opens the Cloud POS onboarding popup from the store's admin, tells it
 * the store's origin, and keeps the station address it sends back. One file for the real plugin
 * and the sandbox store; every value comes from the data-* attributes of the root element:
 *
 *   data-dashboard-url  the Cloud POS dashboard (its origin is the only one messages come from)
 *   data-home-url       this store's home URL (the popup finds or creates its application)
 *   data-save-url       where the station address is saved (admin-ajax.php)
 *   data-save-action    the save's `action` field
 *   data-nonce          the save's `_wpnonce` field
 *
 * Plain browser JavaScript: no build, no dependencies, no inline script.
 */
(function () {
  'use strict';

  var POPUP_NAME = 'ServiceAuthGateway';
  var POPUP_FEATURES = 'popup,width=520,height=720';
  var PING_MS = 500;
  var MAX_URL_LENGTH = 2048;

  var TEXT = {
    opened:
      'The Cloud POS window is open. Sign in or create an account there to connect this store.',
    loaded: 'The Cloud POS window is ready. Follow the steps there to connect this store.',
    saving: 'Saving your cloud POS station…',
    connected: 'This store is connected to Cloud POS.',
    closed: 'The Cloud POS window was closed before this store was connected.',
    blocked:
      'Your browser blocked the Cloud POS window. Allow pop-ups for this site, then try again.',
    badAddress: 'Cloud POS sent a station address that is not a web address.',
    saveFailed: 'Your cloud POS station could not be saved in this store: ',
    saveFailedUnknown: 'the store did not answer.',
  };

  /** An absolute http(s) address of a sensible length, or null. */
  function webAddress(value) {
    if (typeof value !== 'string' || value.length === 0 || value.length > MAX_URL_LENGTH) {
      return null;
    }
    try {
      var url = new URL(value);
      return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
    } catch {
      return null;
    }
  }

  /** A popup message as an object: the popup posts objects, JSON text is accepted too. */
  function messageData(data) {
    if (typeof data === 'string') {
      try {
        data = JSON.parse(data);
      } catch {
        return null;
      }
    }
    return data !== null && typeof data === 'object' ? data : null;
  }

  function connect(root) {
    var dashboardUrl = (root.getAttribute('data-dashboard-url') || '').replace(/\/+$/, '');
    var homeUrl = root.getAttribute('data-home-url') || '';
    var saveUrl = root.getAttribute('data-save-url') || '';
    var saveAction = root.getAttribute('data-save-action') || '';
    var nonce = root.getAttribute('data-nonce') || '';
    var status = root.querySelector('[data-cloud-pos-status]');
    var problem = root.querySelector('[data-cloud-pos-error]');
    var station = root.querySelector('[data-cloud-pos-station]');
    var stationLink = root.querySelector('[data-cloud-pos-station-link]');
    var buttons = root.querySelectorAll('button[data-auth-mode]');
    var dashboardOrigin;
    try {
      dashboardOrigin = new URL(dashboardUrl).origin;
    } catch {
      return;
    }

    /** The popup this page opened, and where the connection stands: idle, open or complete. */
    var popup = null;
    var state = 'idle';
    var timer = null;

    function say(text) {
      if (status) status.textContent = text;
    }

    function fail(text) {
      if (problem) {
        problem.textContent = text;
        problem.hidden = text === '';
      }
    }

    function stopWatching() {
      if (timer !== null) {
        window.clearInterval(timer);
        timer = null;
      }
    }

    /** Every 500 ms: the popup closed before the end resets, else it hears the origin again. */
    function tick() {
      if (!popup || state !== 'open') {
        stopWatching();
        return;
      }
      if (popup.closed) {
        stopWatching();
        popup = null;
        state = 'idle';
        say(TEXT.closed);
        return;
      }
      try {
        popup.postMessage(
          { type: 'parent-origin', origin: window.location.origin },
          dashboardOrigin,
        );
      } catch {
        // The popup is on another origin between pages (login provider, wc-auth): the
        // browser drops the message; the next ping reaches the next popup page.
      }
    }

    function showStation(url) {
      if (!station || !stationLink) return;
      stationLink.href = url;
      stationLink.textContent = url;
      station.hidden = false;
    }

    function save(url) {
      say(TEXT.saving);
      var body = new URLSearchParams();
      body.set('action', saveAction);
      body.set('_wpnonce', nonce);
      body.set('station_url', url);
      return window
        .fetch(saveUrl, {
          method: 'POST',
          credentials: 'same-origin',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded; charset=UTF-8' },
          body: body.toString(),
        })
        .then(function (response) {
          return response.json().then(
            function (answer) {
              return { ok: response.ok, answer: answer };
            },
            function () {
              return { ok: false, answer: null };
            },
          );
        })
        .then(function (result) {
          var answer = result.answer;
          if (result.ok && answer && answer.success === true) {
            say(TEXT.connected);
            return;
          }
          var message = answer && answer.data && answer.data.message;
          say('');
          fail(TEXT.saveFailed + (typeof message === 'string' ? message : TEXT.saveFailedUnknown));
        })
        .catch(function () {
          say('');
          fail(TEXT.saveFailed + TEXT.saveFailedUnknown);
        });
    }

    function onMessage(event) {
      if (event.origin !== dashboardOrigin || !popup || event.source !== popup) return;
      var data = messageData(event.data);
      if (!data || state !== 'open') return;
      if (data.type === 'content-loaded') {
        say(TEXT.loaded);
        return;
      }
      if (data.type === 'setup-complete') {
        var url = webAddress(data.stationURL);
        if (!url) {
          fail(TEXT.badAddress);
          return;
        }
        state = 'complete';
        stopWatching();
        fail('');
        showStation(url);
        save(url);
      }
    }

    function open(authMode) {
      var query =
        '?homeUrl=' + encodeURIComponent(homeUrl) + '&authMode=' + encodeURIComponent(authMode);
      fail('');
      // The same window name reuses an open popup: a second click restarts it there.
      var opened = window.open(
        dashboardUrl + '/service-onboarding' + query,
        POPUP_NAME,
        POPUP_FEATURES,
      );
      if (!opened) {
        popup = null;
        state = 'idle';
        stopWatching();
        say('');
        fail(TEXT.blocked);
        return;
      }
      popup = opened;
      state = 'open';
      say(TEXT.opened);
      stopWatching();
      timer = window.setInterval(tick, PING_MS);
      tick();
    }

    window.addEventListener('message', onMessage);
    Array.prototype.forEach.call(buttons, function (button) {
      button.addEventListener('click', function () {
        open(button.getAttribute('data-auth-mode') === 'register' ? 'register' : 'login');
      });
    });
  }

  function start() {
    var root = document.getElementById('cloud-pos-connect');
    if (root) connect(root);
  }

  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', start);
  } else {
    start();
  }
})();
