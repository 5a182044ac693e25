import { createHash } from 'node:crypto';

/**
 * Starts the app's scripts (and the requests index.html preloads) once the page has painted, on a
 * page whose first screen is prerendered HTML: that screen is already the page a phone shows, so
 * the scripts that make it work come second instead of competing with it for the connection.
 * Inline, so that nothing is fetched before the paint; allowed by its hash in the CSP.
 */
export const afterFirstPaintScript =
  "(()=>{const d=document.currentScript.dataset,add=(tag,props)=>document.head.append(Object.assign(document.createElement(tag),props));" +
  "requestAnimationFrame(()=>setTimeout(()=>{for(const href of d.fetch.split(' ').filter(Boolean))add('link',{rel:'preload',as:'fetch',href,crossOrigin:''});" +
  "for(const href of d.modules.split(' ').filter(Boolean))add('link',{rel:'modulepreload',href,crossOrigin:''});" +
  "add('script',{type:'module',src:d.entry,crossOrigin:''})}))})()";

export const afterFirstPaintScriptHash = `'sha256-${createHash('sha256').update(afterFirstPaintScript).digest('base64')}'`;
