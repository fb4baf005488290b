// Design tokens and base styles load with the page (a render-blocking <link>), so a prerendered page is
// styled at first paint.
import '@keisha/ui/tokens.css';
// The async boundary lets Module Federation negotiate shared singletons (React, the store) before any import runs.
import('./bootstrap');
