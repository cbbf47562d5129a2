// Text written into HTML that the server draws (pages, the payment sandbox): the five characters
// that could end an element or an attribute are escaped.
export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);
