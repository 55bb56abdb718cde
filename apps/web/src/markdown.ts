// Documentation tabs are Markdown written by users: rendered to HTML, then sanitized (no script, no
// event handler, no style, no frame, no form); remote images are not loaded (a link stands in), and
// links open without the page's referrer. The page's Content-Security-Policy backs this up.
import DOMPurify from 'dompurify';
import { marked } from 'marked';

let hooked = false;

function hook(): void {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName === 'A') {
      node.setAttribute('rel', 'noopener noreferrer nofollow');
      if (/^https?:/i.test(node.getAttribute('href') ?? '')) node.setAttribute('target', '_blank');
    }
    if (node.nodeName === 'IMG') {
      const src = node.getAttribute('src') ?? '';
      if (!src.startsWith('/') || src.startsWith('//')) {
        const link = document.createElement('a');
        link.setAttribute('href', src);
        link.setAttribute('rel', 'noopener noreferrer nofollow');
        link.textContent = `[remote image not loaded: ${node.getAttribute('alt') || src}]`;
        node.replaceWith(link);
      }
    }
  });
}

export function renderMarkdown(source: string): string {
  hook();
  const html = marked.parse(source, { async: false, gfm: true });
  return DOMPurify.sanitize(html, {
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe'],
    FORBID_ATTR: ['style'],
  });
}
