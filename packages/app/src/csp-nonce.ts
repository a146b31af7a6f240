/**
 * Hands the page's CSP nonce to the libraries that inject `<style>` elements at run time (the
 * dialog scroll lock reads `__webpack_nonce__`), so the strict policy accepts them. Imported
 * first by main.tsx.
 */
const meta = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
const nonce = meta?.nonce || meta?.getAttribute('nonce');
if (nonce) (globalThis as { __webpack_nonce__?: string }).__webpack_nonce__ = nonce;
