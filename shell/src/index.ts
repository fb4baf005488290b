// The async boundary lets Module Federation negotiate shared singletons (React, the store) before any import runs.
import('./bootstrap');
