/** `import url from './x.css?url'`: Vite runs the stylesheet through its CSS pipeline and gives its built URL. */
declare module '*.css?url' {
  const url: string;
  export default url;
}
