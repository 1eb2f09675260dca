import { expect } from 'chai';
import { escapeHtml, html, SafeHtml } from '../../server/src/domains/web/html.js';

describe('the html tagged template', () => {
  it('escapes &, <, >, " and \' in interpolated text', () => {
    expect(html`<p>${'<b>"Tom" & \'Jerry\'</b>'}</p>`.value).to.equal('<p>&lt;b&gt;&quot;Tom&quot; &amp; &#39;Jerry&#39;&lt;/b&gt;</p>');
  });

  it('keeps an interpolated value inside its quoted attribute', () => {
    expect(html`<input value="${'" onfocus="alert(1)'}">`.value).to.equal('<input value="&quot; onfocus=&quot;alert(1)">');
  });

  it('inserts nested html as it is, and escapes its values once', () => {
    const inner = html`<b>${'a<b'}</b>`;
    expect(html`<p>${inner}</p>`.value).to.equal('<p><b>a&lt;b</b></p>');
  });

  it('joins arrays and renders nothing for null, undefined and false', () => {
    expect(html`${['<', html`<i>x</i>`, 3]}${null}${undefined}${false}`.value).to.equal('&lt;<i>x</i>3');
  });

  it('does not take a look-alike object for SafeHtml', () => {
    const fake = { value: '<script>', toString: () => '<script>' } as unknown as SafeHtml;
    expect(html`${fake}`.value).to.equal('&lt;script&gt;');
  });

  it('escapes the ampersand first, so entities are not double-decoded', () => {
    expect(escapeHtml('&lt;')).to.equal('&amp;lt;');
  });
});
