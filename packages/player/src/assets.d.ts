/** A file's address, as the bundler (Vite) resolves `?url` imports: hls.js's worker script. */
declare module '*?url' {
  const url: string
  export default url
}
