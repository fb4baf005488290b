// The two videos as HTML scenes with a `renderAt(seconds)` function, drawn frame by frame by make-videos.ts.
import {
  DECODER_DEMO_CAPTIONS,
  DEMO_ARTICLE,
  DEMO_SCORE,
  DEMO_TERMS,
  DEMO_TRANSLATION,
  WELCOME_CAPTIONS,
  type CaptionCue,
} from '../src/features/landing/domain/video-captions.ts';
import { logoSvgMarkup } from '@keisha/ui/logo-mark';
import { scoreBand } from '../src/features/landing/domain/engine-examples.ts';

/** The dark theme's score colours (shared/ui tokens.css), as the decoder's dial shows them. */
const BAND_COLOUR = { red: '#ff5c5c', orange: '#ff9f43', cyan: '#38d0e0', green: '#3ddc84' } as const;

export interface VideoScript {
  name: string;
  duration: number;
  posterAt: number;
  captions: CaptionCue[];
  html: string;
}

const BASE_CSS = `
  * { box-sizing: border-box; }
  html, body { margin: 0; width: 960px; height: 540px; overflow: hidden; background: #0b0d12; color: #eef1f6;
    font-family: 'DejaVu Sans', system-ui, sans-serif; }
  .brand { display: flex; align-items: center; gap: 10px; font-weight: 800; font-size: 20px; }
  .brand svg { display: block; }
`;

const decoderHtml = `<!doctype html><html><head><meta charset="utf-8"><style>${BASE_CSS}
  .top { display: flex; justify-content: space-between; align-items: center; padding: 16px 28px; border-bottom: 1px solid #2c3444; }
  .top small { color: #a9b3c4; font-size: 14px; }
  .grid { display: grid; grid-template-columns: 1fr 1fr; gap: 20px; padding: 20px 28px; }
  .panel { background: #151922; border: 1px solid #2c3444; border-radius: 14px; padding: 16px 18px; height: 420px; position: relative; overflow: hidden; }
  h2 { margin: 0 0 12px; font-size: 15px; letter-spacing: .08em; text-transform: uppercase; color: #a9b3c4; }
  .text { font-family: 'DejaVu Serif', Georgia, serif; font-size: 16px; line-height: 1.6; min-height: 250px;
    background: #0b0d12; border: 1px solid #2c3444; border-radius: 10px; padding: 12px 14px; }
  .caret { display: inline-block; width: 2px; height: 18px; background: #f2b84b; vertical-align: -3px; }
  mark { background: rgba(255,159,67,.25); color: inherit; border-bottom: 2px solid #ff9f43; border-radius: 3px; padding: 0 2px; }
  .button { margin-top: 14px; display: inline-block; padding: 12px 22px; border-radius: 10px; background: #f2b84b; color: #17120a;
    font-weight: 800; letter-spacing: .04em; font-size: 15px; transition: none; }
  .button.busy { opacity: .6; }
  .button.glow { box-shadow: 0 0 0 4px rgba(242,184,75,.35); }
  .center { position: absolute; inset: 50px 18px 18px; display: flex; flex-direction: column; align-items: center; justify-content: center; text-align: center; gap: 10px; color: #a9b3c4; }
  .center strong { color: #eef1f6; font-size: 18px; letter-spacing: .04em; }
  .bar { width: 70%; height: 8px; border-radius: 4px; background: #1d2330; overflow: hidden; }
  .bar > div { height: 100%; background: #f2b84b; }
  .result { display: none; }
  .row { display: flex; align-items: center; gap: 16px; }
  .dial { width: 96px; height: 96px; border-radius: 50%; display: grid; place-items: center; }
  .dial > div { width: 76px; height: 76px; border-radius: 50%; background: #151922; display: grid; place-items: center; font-size: 28px; font-weight: 800; }
  .label { font-size: 12px; letter-spacing: .1em; color: #a9b3c4; }
  .complete { color: #7fe0a3; font-weight: 700; }
  .tabs { display: flex; gap: 8px; margin: 12px 0 10px; }
  .tab { padding: 6px 12px; border-radius: 999px; border: 1px solid #2c3444; font-size: 13px; color: #a9b3c4; }
  .tab.on { background: #1d2330; color: #eef1f6; border-color: #f2b84b; }
  .term { background: #1d2330; border-radius: 10px; padding: 8px 10px; margin-bottom: 8px; font-size: 13px; line-height: 1.4; }
  .term b { font-size: 14px; }
  .badge { margin-left: 6px; padding: 1px 7px; border-radius: 999px; background: #ff5c5c; color: #17120a; font-size: 11px; font-weight: 800; }
  .term span { color: #a9b3c4; display: block; }
  .translation { font-family: 'DejaVu Serif', Georgia, serif; font-size: 15px; line-height: 1.6; }
</style></head><body>
  <div class="top"><div class="brand">${logoSvgMarkup(24)}Keisha <small>&nbsp;News Decoder</small></div><small>Guest User</small></div>
  <div class="grid">
    <div class="panel"><h2>Article Content</h2><div class="text" id="text"></div><div class="button" id="run">RUN ANALYSIS</div></div>
    <div class="panel"><h2>AI Agent Analysis</h2>
      <div class="center" id="ready"><strong>Ready to Analyze</strong>Paste an article and run the analysis.</div>
      <div class="center" id="busy" style="display:none"><strong>ANALYZING ARTICLE...</strong>Keisha is providing enhanced analysis.<div class="bar"><div id="progress"></div></div></div>
      <div class="result" id="result">
        <div class="row"><div class="dial" id="dial"><div id="score">0</div></div><div><div class="label">BIAS SCORE</div><div class="complete">Analysis Complete</div></div></div>
        <div class="tabs"><span class="tab on" id="tab-terms">Detected Euphemisms</span><span class="tab" id="tab-translation">Keisha Translation</span></div>
        <div id="terms"></div>
        <div class="translation" id="translation" style="display:none"></div>
      </div>
    </div>
  </div>
<script>
  const ARTICLE = ${JSON.stringify(DEMO_ARTICLE)};
  const TRANSLATION = ${JSON.stringify(DEMO_TRANSLATION)};
  const TERMS = ${JSON.stringify(DEMO_TERMS)};
  const SCORE = ${DEMO_SCORE};
  const BAND = ${JSON.stringify(BAND_COLOUR[scoreBand(DEMO_SCORE)])};
  const $ = (id) => document.getElementById(id);
  const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  function highlighted(text) {
    let html = esc(text);
    for (const t of TERMS) html = html.replace(t.term, '<mark>' + t.term + '</mark>');
    return html;
  }
  window.renderAt = (t) => {
    const typed = Math.max(0, Math.min(1, (t - 0.6) / 4.2));
    const chars = Math.round(ARTICLE.length * typed);
    $('text').innerHTML = t >= 11.5 ? highlighted(ARTICLE) : esc(ARTICLE.slice(0, chars)) + (t < 5.2 ? '<span class="caret"></span>' : '');
    $('run').className = 'button' + (t >= 5 && t < 6 ? ' glow' : '') + (t >= 6 && t < 9 ? ' busy' : '');
    $('run').textContent = t >= 6 && t < 9 ? 'ANALYZING...' : 'RUN ANALYSIS';
    $('ready').style.display = t < 6 ? 'flex' : 'none';
    $('busy').style.display = t >= 6 && t < 9 ? 'flex' : 'none';
    $('progress').style.width = Math.min(100, Math.max(0, (t - 6) / 3 * 100)) + '%';
    $('result').style.display = t >= 9 ? 'block' : 'none';
    const score = Math.round(SCORE * Math.min(1, Math.max(0, (t - 9) / 1.5)));
    $('score').textContent = String(score);
    $('dial').style.background = 'conic-gradient(' + BAND + ' ' + score + '%, #1d2330 0)';
    const showTranslation = t >= 17;
    $('tab-terms').className = 'tab' + (showTranslation ? '' : ' on');
    $('tab-translation').className = 'tab' + (showTranslation ? ' on' : '');
    const visible = t < 11.5 ? 0 : Math.min(TERMS.length, 1 + Math.floor((t - 11.5) / 1.6));
    $('terms').style.display = showTranslation ? 'none' : 'block';
    $('terms').innerHTML = TERMS.slice(0, visible).map((x) =>
      '<div class="term"><b>' + esc(x.term) + '</b>' + (x.codeword ? '<span class="badge" style="display:inline">WF codeword</span>' : '') +
      '<span>' + esc(x.explanation) + '</span></div>').join('');
    $('translation').style.display = showTranslation ? 'block' : 'none';
    $('translation').textContent = TRANSLATION;
  };
  window.renderAt(0);
</script></body></html>`;

const SLIDES = WELCOME_CAPTIONS.map((cue, index) => ({ ...cue, kicker: ['Welcome', 'The problem', 'The decoder', 'The assistant', 'Start today'][index]! }));

const welcomeHtml = `<!doctype html><html><head><meta charset="utf-8"><style>${BASE_CSS}
  body { background: radial-gradient(circle at 85% 10%, rgba(242,184,75,.18), transparent 45%), #0b0d12; }
  .frame { position: absolute; inset: 0; padding: 40px 64px; }
  .slide { position: absolute; left: 64px; right: 64px; top: 150px; }
  .kicker { color: #f2b84b; font-size: 16px; font-weight: 800; letter-spacing: .12em; text-transform: uppercase; margin-bottom: 16px; }
  .line { font-size: 38px; font-weight: 800; line-height: 1.2; letter-spacing: -.01em; max-width: 780px; }
  .rule { position: absolute; left: 64px; bottom: 56px; height: 6px; border-radius: 3px; background: #f2b84b; }
  .url { position: absolute; right: 64px; bottom: 48px; color: #a9b3c4; font-size: 16px; }
</style></head><body><div class="frame"><div class="brand">${logoSvgMarkup(24)}Keisha</div>
  ${SLIDES.map((slide, index) => `<div class="slide" id="s${index}"><div class="kicker">${slide.kicker}</div><div class="line">${slide.text.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</div></div>`).join('')}
  <div class="rule" id="rule"></div><div class="url">News Decoder: free, three analyses a day</div></div>
<script>
  const SLIDES = ${JSON.stringify(SLIDES.map(({ start, end }) => ({ start, end })))};
  window.renderAt = (t) => {
    SLIDES.forEach((s, i) => {
      const fadeIn = Math.min(1, (t - s.start) / 0.5);
      const fadeOut = Math.min(1, (s.end - t) / 0.5);
      const o = t >= s.start && t < s.end ? Math.max(0, Math.min(fadeIn, i === SLIDES.length - 1 ? 1 : fadeOut)) : 0;
      const el = document.getElementById('s' + i);
      el.style.opacity = String(o);
      el.style.transform = 'translateY(' + ((1 - Math.min(1, Math.max(0, fadeIn))) * 16) + 'px)';
    });
    document.getElementById('rule').style.width = Math.min(832, (t / ${WELCOME_CAPTIONS.at(-1)!.end}) * 832) + 'px';
  };
  window.renderAt(0);
</script></body></html>`;

export const DECODER_DEMO: VideoScript = { name: 'decoder-demo', duration: 24, posterAt: 14, captions: DECODER_DEMO_CAPTIONS, html: decoderHtml };
export const WELCOME: VideoScript = { name: 'welcome', duration: 20, posterAt: 1.5, captions: WELCOME_CAPTIONS, html: welcomeHtml };
