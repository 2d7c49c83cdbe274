// Runtime configuration of the storefront. The production server answers /config.js itself with the
// configured API address; this file is the fallback for `vite` / `vite preview` and plain static hosting.
// It keeps a value set earlier (e.g. by an inline script) and otherwise assumes the API on port 5000 of
// the same host, so opening the shop as localhost or 127.0.0.1 both work.
(() => {
  var current = window.__VOLTCART__ || {};
  if (!current.apiUrl) {
    current.apiUrl = `${location.protocol}//${location.hostname}:5000`;
  }
  window.__VOLTCART__ = current;
})();
