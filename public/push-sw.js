// Push notifications in the service worker (issue #30 item 2; shared/notifications-api.ts
// PushPayload). The generated worker (sw.js, vite-plugin-pwa's generateSW) loads this file with
// importScripts (web/pwa/vite-pwa.config.ts), so precaching, the navigation fallback and the
// runtime caches stay exactly as generated, and this file adds three listeners beside them.
//
// Plain, dependency-free script: it is not bundled, so it imports nothing and reads every browser
// object through `self` (which also lets tests/web/notifications/push-sw.test.ts run it against a
// fake ServiceWorkerGlobalScope). The fallback texts are copies of
// NOTIFICATION_SCREEN_TEXTS.fallback (shared/messages/notifications-screen.ts), which this file
// cannot import; the test fails when the two differ.
(function () {
  "use strict";

  var FALLBACK = { title: "Backline", body: "You have something new on Backline.", path: "/activity" };
  /** The app icon; the push's own icon (the sender's avatar) wins when it has one. */
  var ICON = "/icons/icon-192.png";
  /**
   * The small status-bar icon Android draws as a white silhouette. public/icons has no
   * monochrome icon yet, so the app icon stands in (Android then shows a filled circle).
   */
  var BADGE = "/icons/icon-192.png";
  /** Where a click on a notification without a usable path leads. */
  var HOME = "/feed";
  /** How long an open page has to confirm it navigated itself before the worker reloads it there. */
  var NAVIGATE_ACK_MS = 1000;
  var SUBSCRIPTIONS = "/api/push/subscriptions";

  // ---- Checks ----

  function isString(value, max) {
    return typeof value === "string" && value.length <= max;
  }

  /**
   * A path of this origin: "/…", never "//host" or "/\host" (both would leave the origin once a
   * browser resolves them), no control characters, and resolving to this origin.
   */
  function appPath(value) {
    if (!isString(value, 300) || value.charAt(0) !== "/" || value.charAt(1) === "/") return null;
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
    if (/[\u0000-\u001f\u007f\\]/.test(value)) return null;
    try {
      var url = new URL(value, self.location.origin);
      if (url.origin !== self.location.origin) return null;
      return url.pathname + url.search + url.hash;
    } catch (error) {
      return null;
    }
  }

  /** An avatar is an http(s) URL; anything else falls back to the app icon. */
  function iconUrl(value) {
    if (value === null) return null;
    if (!isString(value, 2048)) return undefined;
    try {
      var protocol = new URL(value).protocol;
      return protocol === "https:" || protocol === "http:" ? value : undefined;
    } catch (error) {
      return undefined;
    }
  }

  /**
   * The payload checked field by field against the PushPayload shape, or null. Real pushes
   * arrive decrypted by the browser; a push delivered through the DevTools protocol arrives as
   * plain text: `json()` reads both.
   */
  function readPayload(data) {
    if (!data) return null;
    var value;
    try {
      value = data.json();
    } catch (error) {
      return null;
    }
    if (!value || typeof value !== "object") return null;
    var path = appPath(value.path);
    var icon = iconUrl(value.icon);
    if (value.v !== 1 || !isString(value.id, 64) || value.id.length === 0) return null;
    if (!isString(value.title, 200) || value.title.length === 0 || !isString(value.body, 500) || !isString(value.tag, 200)) return null;
    if (path === null || icon === undefined) return null;
    if (typeof value.count !== "number" || value.count < 1 || Math.floor(value.count) !== value.count) return null;
    return { id: value.id, title: value.title, body: value.body, icon: icon, path: path, tag: value.tag };
  }

  /**
   * The screen a URL shows, named as pushes name it: a push names /messages/{id}, which forwards
   * to the conversation screen's own address, /messages?conversation={id}.
   */
  function screenOf(url) {
    try {
      var parsed = new URL(url, self.location.origin);
      var conversation = parsed.pathname === "/messages" ? parsed.searchParams.get("conversation") : null;
      if (conversation) return "/messages/" + encodeURIComponent(conversation);
      return parsed.pathname + parsed.search + parsed.hash;
    } catch (error) {
      return null;
    }
  }

  // ---- push ----

  function show(title, options) {
    return self.registration.showNotification(title, options);
  }

  function handlePush(data) {
    var payload = readPayload(data);
    if (!payload) {
      // Browsers penalise a push that shows nothing, so an unreadable one still says something.
      return show(FALLBACK.title, { body: FALLBACK.body, icon: ICON, badge: BADGE, data: { path: FALLBACK.path, id: null }, timestamp: Date.now() });
    }
    return self.clients.matchAll({ type: "window", includeUncontrolled: true }).then(function (windows) {
      // Someone reading the very conversation (or order, or post) needs no notification about
      // it; a window on that path that is hidden or in the background still gets one.
      var reading = windows.some(function (client) {
        return client.focused === true && client.visibilityState === "visible" && screenOf(client.url) === screenOf(payload.path);
      });
      if (reading) return undefined;
      var options = {
        body: payload.body,
        icon: payload.icon === null ? ICON : payload.icon,
        badge: BADGE,
        data: { path: payload.path, id: payload.id },
        timestamp: Date.now(),
      };
      // A tag replaces the thread's earlier notification; renotify makes the replacement buzz
      // again. Browsers refuse renotify without a tag.
      if (payload.tag !== "") {
        options.tag = payload.tag;
        options.renotify = true;
      }
      return show(payload.title, options);
    });
  }

  self.addEventListener("push", function (event) {
    event.waitUntil(handlePush(event.data));
  });

  // ---- notificationclick ----

  /** The window to reuse: the focused one, else a visible one, else the most recent. */
  function pickWindow(windows) {
    var i;
    for (i = 0; i < windows.length; i++) if (windows[i].focused === true) return windows[i];
    for (i = 0; i < windows.length; i++) if (windows[i].visibilityState === "visible") return windows[i];
    return windows[0] || null;
  }

  /**
   * Asks the page to navigate itself (web/pwa/push-navigation.ts): the router moves without a
   * reload, keeping what the page holds. True once the page confirmed; false when it did not
   * answer in time (an old version of the app, or a page still loading).
   */
  function askToNavigate(client, path) {
    return new Promise(function (resolve) {
      var channel = new self.MessageChannel();
      var timer = setTimeout(function () {
        resolve(false);
      }, NAVIGATE_ACK_MS);
      channel.port1.onmessage = function (message) {
        clearTimeout(timer);
        resolve(Boolean(message.data && message.data.type === "navigated"));
      };
      try {
        client.postMessage({ type: "navigate", path: path }, [channel.port2]);
      } catch (error) {
        clearTimeout(timer);
        resolve(false);
      }
    });
  }

  function openPath(path) {
    return self.clients.matchAll({ type: "window", includeUncontrolled: true }).then(function (windows) {
      var client = pickWindow(windows);
      if (!client) return self.clients.openWindow(path);
      return Promise.resolve()
        .then(function () {
          return client.focus();
        })
        .catch(function () {
          return client;
        })
        .then(function (focused) {
          var target = focused || client;
          return askToNavigate(target, path).then(function (navigated) {
            if (navigated) return undefined;
            if (typeof target.navigate !== "function") return self.clients.openWindow(path);
            // navigate() works only for a window this worker controls; otherwise a new window.
            return target.navigate(path).then(
              function (moved) {
                return moved ? undefined : self.clients.openWindow(path);
              },
              function () {
                return self.clients.openWindow(path);
              },
            );
          });
        });
    });
  }

  self.addEventListener("notificationclick", function (event) {
    event.notification.close();
    var data = event.notification.data || {};
    event.waitUntil(openPath(appPath(data.path) || HOME));
  });

  // ---- pushsubscriptionchange ----

  /**
   * One call with the session's cookies. An expired access token is refreshed once, under the
   * same Web Lock the pages use (web/lib/api-client.ts), so a page and the worker never spend
   * one refresh token twice.
   */
  function send(method, body) {
    var request = function () {
      return self.fetch(SUBSCRIPTIONS, {
        method: method,
        credentials: "same-origin",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    };
    return request().then(function (response) {
      if (response.status !== 401) return response;
      var refresh = function () {
        return self.fetch("/api/auth/refresh", { method: "POST", credentials: "same-origin" });
      };
      var locks = self.navigator && self.navigator.locks;
      return (locks ? locks.request("backline-auth-refresh", refresh) : refresh()).then(request);
    });
  }

  /**
   * The push service replaced or dropped the subscription: subscribe again with the same server
   * key and tell the server (best effort; a failure leaves the old row, which the push service's
   * 410 removes, and the next start of the app posts the browser's subscription again).
   */
  function resubscribe(event) {
    var old = event.oldSubscription || null;
    var key = old && old.options ? old.options.applicationServerKey : null;
    var next = event.newSubscription
      ? Promise.resolve(event.newSubscription)
      : key
        ? self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key })
        : Promise.resolve(null);
    return next
      .then(function (subscription) {
        if (!subscription) return undefined;
        var json = subscription.toJSON();
        if (!json.endpoint || !json.keys) return undefined;
        return send("POST", { kind: "web", endpoint: json.endpoint, keys: { p256dh: json.keys.p256dh, auth: json.keys.auth } }).then(function () {
          if (old && old.endpoint && old.endpoint !== json.endpoint) return send("DELETE", { endpoint: old.endpoint });
          return undefined;
        });
      })
      .catch(function () {
        return undefined;
      });
  }

  self.addEventListener("pushsubscriptionchange", function (event) {
    event.waitUntil(resubscribe(event));
  });
})();
