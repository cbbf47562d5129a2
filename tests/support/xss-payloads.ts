// Known XSS payloads (script, event handlers, javascript: links, SVG, iframes, CSS expressions,
// mutation tricks) and what must hold of the sanitiser's output for each: shared by the test of
// the server's sanitiser (jsdom) and of the browser's (DOMPurify in the page).
export const XSS_PAYLOADS = [
  '<script>window.pwned=1</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<img src=x onerror="window.pwned=1">',
  '<body onload=window.pwned=1>',
  '<div onmouseover="window.pwned=1">hover</div>',
  '<a href="javascript:window.pwned=1">click</a>',
  '<a href="JaVaScRiPt:window.pwned=1">click</a>',
  '<a href="jav&#x09;ascript:window.pwned=1">click</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">data</a>',
  '<a href="vbscript:msgbox(1)">vb</a>',
  '<svg onload=window.pwned=1><circle r=5 /></svg>',
  '<svg><script>window.pwned=1</script></svg>',
  '<svg><a xlink:href="javascript:window.pwned=1"><text>x</text></a></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=window.pwned=1>',
  '<iframe src="https://evil.example"></iframe>',
  '<iframe srcdoc="<script>parent.pwned=1</script>"></iframe>',
  '<object data="javascript:window.pwned=1"></object>',
  '<embed src="javascript:window.pwned=1">',
  '<div style="width: expression(window.pwned=1)">css</div>',
  '<div style="background:url(javascript:window.pwned=1)">css</div>',
  '<style>@import "https://evil.example/x.css"; body{background:url(javascript:1)}</style>',
  '<form action="javascript:window.pwned=1"><button>go</button></form>',
  '<input autofocus onfocus=window.pwned=1>',
  '<details open ontoggle=window.pwned=1>',
  '<meta http-equiv="refresh" content="0;url=javascript:window.pwned=1">',
  '<base href="javascript:/">',
  '<noscript><p title="</noscript><img src=x onerror=window.pwned=1>">',
  '<img src="x" srcset="javascript:window.pwned=1 1x">',
  '<template><script>window.pwned=1</script></template>',
  '<a href="https://evil.example" target="_self" ping="https://evil.example/p">out</a>',
] as const;

/** What no sanitised output may contain, whatever the payload. */
export const FORBIDDEN = [/<script/i, /\son[a-z]+\s*=/i, /javascript:/i, /vbscript:/i, /data:text/i, /<iframe/i, /<svg/i, /<math/i, /<object/i, /<embed/i, /<style/i, /style=/i, /expression\(/i, /<form/i, /<input/i, /<meta/i, /<base/i, /srcset/i, /ping=/i];

/** Harmless content comes through, and an external link opens in a new tab without an opener. */
export const KEPT = [
  ['<p>Hello <strong>world</strong></p>', '<p>Hello <strong>world</strong></p>'],
  ['<a href="/faq">Help</a>', '<a href="/faq">Help</a>'],
  ['<a href="https://www.canva.com/">Canva</a>', '<a href="https://www.canva.com/" target="_blank" rel="noopener noreferrer">Canva</a>'],
] as const;
