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
  // The first frame's callback runs before its paint, and a timeout from it runs once that frame
  // is committed, but not yet on screen: on a busy CPU the scripts' evaluation then held the
  // frame's raster back (the dashboard's largest paint came hundreds of ms after the page was
  // parsed). The next frame's callback runs once the first frame is drawn; its timeout after it.
  requestAnimationFrame(function () {
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
  });
})();
