/*
 * The loading shell's watchdog. Without it, a page whose code cannot arrive spins "Loading SignalDeck…" for ever:
 * a network that drops the app's files, or a page loaded just before a new version was deployed, which asks for
 * files of the old version that the server no longer has. When a script or preloaded module of the page fails to
 * load while the shell is still showing, the page reloads once (it then names the current files), at most once a
 * minute; if that does not help, the shell says what happened and offers Reload. A load that stalls without
 * failing says so after 30 s, with Reload, and keeps waiting. An error the app's own code
 * throws while starting (a browser too old for it) says so the same way, without the reload; one from anything
 * else on the page (a browser extension's script) is not the app's failure and changes nothing.
 *
 * An external classic script, run before the app's module (the CSP allows no inline script). Once React has
 * replaced the shell, failures are the app's to show (its routes' error pages), and this does nothing.
 */
(function watchBoot() {
  var RELOADED_AT = 'signaldeck.boot-reloaded-at';
  var RELOAD_AT_MOST_EVERY_MS = 60000;
  var STALLED_AFTER_MS = 30000;

  function shell() {
    var root = document.getElementById('root');
    return root ? root.querySelector('.sd-boot') : null;
  }

  function reloadedRecently() {
    try {
      return Date.now() - Number(sessionStorage.getItem(RELOADED_AT) || 0) < RELOAD_AT_MOST_EVERY_MS;
    } catch {
      return true;
    }
  }

  function reloadOnce() {
    try {
      sessionStorage.setItem(RELOADED_AT, String(Date.now()));
    } catch {
      return false;
    }
    window.location.reload();
    return true;
  }

  // An error thrown by the app's own code (its files are under /assets/), not by a browser extension's script.
  function isAppCode(file) {
    try {
      var url = new URL(file, window.location.href);
      return url.origin === window.location.origin && url.pathname.indexOf('/assets/') === 0;
    } catch {
      return false;
    }
  }

  function sayFailed(detail, heading) {
    var boot = shell();
    if (!boot || boot.getAttribute('data-failed') === 'true') return;
    var title = document.createElement('p');
    title.className = 'sd-boot-title';
    title.textContent = heading || 'SignalDeck could not be loaded.';
    var text = document.createElement('p');
    text.className = 'sd-boot-text';
    text.textContent = detail;
    var button = document.createElement('button');
    button.type = 'button';
    button.className = 'sd-boot-button';
    button.textContent = 'Reload';
    button.addEventListener('click', function reload() {
      window.location.reload();
    });
    boot.setAttribute('data-failed', heading ? 'slow' : 'true');
    boot.setAttribute('role', 'alert');
    while (boot.firstChild) boot.removeChild(boot.firstChild);
    boot.appendChild(title);
    boot.appendChild(text);
    boot.appendChild(button);
    if (!heading) document.title = 'SignalDeck could not be loaded';
  }

  // A connection that stalls without failing: after a while the shell says so and offers Reload, and keeps
  // waiting (the app replaces the message if its code arrives after all; a failure after it still says so).
  window.setTimeout(function stillLoading() {
    sayFailed(
      'The connection may be slow or have stopped. Keep waiting, or reload.',
      'SignalDeck is taking long to load.',
    );
  }, STALLED_AFTER_MS);

  window.addEventListener(
    'error',
    function onError(event) {
      if (!shell()) return;
      var target = event.target;
      var isCode =
        target instanceof HTMLScriptElement || (target instanceof HTMLLinkElement && target.rel === 'modulepreload');
      if (isCode) {
        if (!reloadedRecently() && reloadOnce()) return;
        sayFailed(
          navigator.onLine === false
            ? 'You are offline. Reload once you are connected again.'
            : 'Part of its code did not arrive: check your connection, then reload.',
        );
      } else if (event instanceof ErrorEvent && isAppCode(event.filename)) {
        sayFailed('It failed to start in this browser. Reload, or open it in an up-to-date browser.');
      }
    },
    true,
  );
})();
