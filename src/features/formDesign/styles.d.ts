// The grid's own style sheets, imported for their side effect by the canvas.
declare module 'react-grid-layout/css/styles.css';
declare module 'react-resizable/css/styles.css';
