/**
 * The HTML shell of every page: Docusaurus's default template with one change. The app's scripts
 * start only once the server-rendered page is on screen.
 *
 * Docusaurus loads them with `defer`, so a browser that has them by the end of parsing (a warm
 * cache, a fast network) evaluates the ~700 KB main bundle before its first paint. On a phone
 * that is 0.3–0.6 s of a finished page not shown. Here they are preloaded as before
 * (`<link rel=preload>`) and inserted when the first contentful paint is reported. Waiting for one
 * animation frame is not enough: a frame is shown some milliseconds after its rAF callback, and
 * the bundle's evaluation would start in between. Without paint timing, two frames stand in; a
 * hidden tab paints nothing and loads them at once; after 1 s they load whatever happened.
 * Inserted scripts with `async = false` still run in order. The loader is the same on every page;
 * scripts/postbuild.mjs hashes it into the CSP.
 */
const loader = `(function(srcs){
var started=false;
function load(){if(started)return;started=true;srcs.forEach(function(src){var s=document.createElement('script');s.src=src;s.async=false;document.head.appendChild(s);});}
function afterPaint(){
if(document.hidden){load();return;}
setTimeout(load,1000);
try{new PerformanceObserver(function(list){if(list.getEntriesByName('first-contentful-paint').length)load();}).observe({type:'paint',buffered:true});}
catch(e){requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(load,0);});});}
}
if(document.readyState==='loading'){document.addEventListener('DOMContentLoaded',afterPaint);}else{afterPaint();}
})`;

export const ssrTemplate = `
<!DOCTYPE html>
<html <%~ it.htmlAttributes %>>
  <head>
    <meta charset="UTF-8">
    <meta name="generator" content="Docusaurus v<%= it.version %>">
    <% it.metaAttributes.forEach((metaAttribute) => { %>
      <%~ metaAttribute %>
    <% }); %>
    <%~ it.headTags %>
    <% it.stylesheets.forEach((stylesheet) => { %>
      <link rel="stylesheet" href="<%= it.baseUrl %><%= stylesheet %>" />
    <% }); %>
    <% it.scripts.forEach((script) => { %>
      <link rel="preload" as="script" href="<%= it.baseUrl %><%= script %>" />
    <% }); %>
    <script>${loader}(<%~ JSON.stringify(it.scripts.map((script) => it.baseUrl + script)) %>)</script>
  </head>
  <body <%~ it.bodyAttributes %>>
    <%~ it.preBodyTags %>
    <div id="__docusaurus"><%~ it.appHtml %></div>
    <%~ it.postBodyTags %>
  </body>
</html>
`;
