// Documentation tabs are Markdown written by users. Raw HTML in them is shown as text, never parsed
// (no script, handler, frame or form can come from an author); the HTML Markdown produces is then
// sanitized all the same; remote images are not loaded (a link stands in), and links open without
// the page's referrer. The page's Content-Security-Policy backs this up.
import DOMPurify from 'dompurify';
import { Marked } from 'marked';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c]);

const markdown = new Marked({
  gfm: true,
  async: false,
  renderer: {
    html: ({ text }) => escapeHtml(text),
  },
});

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
        const link = node.ownerDocument.createElement('a');
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
  const html = markdown.parse(source) as string;
  return DOMPurify.sanitize(html, {
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe'],
    FORBID_ATTR: ['style'],
  });
}
