// Vite's `?raw` imports: a file's text, bundled (the playground's examples).
declare module "*?raw" {
  const text: string;
  export default text;
}
