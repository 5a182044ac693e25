import { createHash } from 'node:crypto';

/**
 * Starts the app's scripts (and the requests index.html preloads) once the page has painted, on a
 * page whose first screen is prerendered HTML: that screen is already the page a phone shows, so
 * the scripts that make it work come second instead of competing with it for the connection.
 * Inline, so that nothing is fetched before the paint; allowed by its hash in the CSP.
 */
export const afterFirstPaintScript =
  "(()=>{const d=document.currentScript.dataset,list=(key)=>d[key].split(' ').filter(Boolean),add=(tag,props)=>document.head.append(Object.assign(document.createElement(tag),props));" +
  "const steps=[...list('fetch').map((href)=>()=>add('link',{rel:'preload',as:'fetch',href,crossOrigin:''}))," +
  "()=>add('script',{type:'module',src:d.entry,crossOrigin:''})," +
  "...list('modules').map((href)=>()=>add('link',{rel:'modulepreload',href,crossOrigin:''}))];" +
  'const channel=new MessageChannel();channel.port1.onmessage=()=>{steps.shift()?.();if(steps.length)channel.port2.postMessage(0)};' +
  'requestAnimationFrame(()=>channel.port2.postMessage(0))})()';

export const afterFirstPaintScriptHash = `'sha256-${createHash('sha256').update(afterFirstPaintScript).digest('base64')}'`;
