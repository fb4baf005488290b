// Media files imported by components become URLs of content-hashed copies in the build (asset/resource).
declare module '*.webm' {
  const url: string;
  export default url;
}
declare module '*.mp4' {
  const url: string;
  export default url;
}
declare module '*.vtt' {
  const url: string;
  export default url;
}
declare module '*.webp' {
  const url: string;
  export default url;
}
// In tests (vitest), `?raw` gives a file's text: how a test compares a committed caption track with its source.
declare module '*?raw' {
  const text: string;
  export default text;
}
