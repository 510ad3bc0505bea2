// The entry scripts of a page with the server's first paint (first-paint.html): they are
// preloaded by the page and started here one frame later, once the browser has painted the
// first paint. Run at once (as index.html runs them), their evaluation would hold that paint
// back by its length. Each <link rel="preload" data-entry> names a script and its integrity.
(function () {
  function start() {
    var entries = document.querySelectorAll('link[rel="preload"][data-entry]');
    for (var i = 0; i < entries.length; i += 1) {
      var script = document.createElement('script');
      script.src = entries[i].href;
      script.integrity = entries[i].integrity;
      script.crossOrigin = entries[i].crossOrigin;
      // In order, as the page's deferred scripts would have run.
      script.async = false;
      document.head.appendChild(script);
    }
  }
  // The frame callback runs before the paint; its timeout after it.
  requestAnimationFrame(function () {
    setTimeout(start, 0);
  });
})();
