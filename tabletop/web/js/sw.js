// The service worker (served as /sw.js, scope: the whole site): shows the Web Push messages the
// server sends ("your turn", "game over", "you are invited") and opens their table when clicked.
// A payload is JSON: {title, body, url, tag}; the browser has decrypted it (RFC 8291).
self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : "" };
  }
  const title = data.title || "tabletop";
  const options = { body: data.body || "", tag: data.tag || undefined, icon: "/static/favicon.svg", data: { url: data.url || "/" } };
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL((event.notification.data && event.notification.data.url) || "/", self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((open) => {
      for (const client of open) if (client.url === url && "focus" in client) return client.focus();
      return self.clients.openWindow(url);
    }),
  );
});
