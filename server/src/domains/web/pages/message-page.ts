import { html, type SafeHtml } from '../html.js';
import { renderPage, type PageInput } from '../layout.js';

export interface MessagePageInput {
  title: string;
  message: string;
  /** The stable error code (errors/catalog.ts or an OAuth code), for people reporting a problem and for scripts. */
  code?: string;
  link?: { href: string; text: string };
  signedIn?: PageInput['signedIn'];
}

/** A page that only says something: errors, and what to do next. */
export function renderMessagePage(input: MessagePageInput): SafeHtml {
  return renderPage({
    title: input.title,
    signedIn: input.signedIn,
    body: html`<div class="card">
<h1>${input.title}</h1>
<p>${input.message}</p>
${input.code ? html`<p class="muted">Error code: <code id="error-code">${input.code}</code></p>` : ''}
${input.link ? html`<p><a href="${input.link.href}">${input.link.text}</a></p>` : ''}
</div>`,
  });
}
