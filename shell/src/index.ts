// Design tokens and base styles load with the page (a render-blocking <link>), so a prerendered page is
// styled at first paint.
import '@keisha/ui/tokens.css';
// The async boundary lets Module Federation negotiate shared singletons (React, the store) before any import runs.
// It starts in a task of its own: evaluating this script (the federation runtime) and negotiating then block
// the page for two short spells instead of one long one, and a tap in between is answered.
setTimeout(() => void import('./bootstrap'), 0);
