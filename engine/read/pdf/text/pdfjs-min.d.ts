// pdfjs-dist types pdf.mjs only; its minified builds are the same release and code.
declare module 'pdfjs-dist/legacy/build/pdf.min.mjs' {
  export * from 'pdfjs-dist/legacy/build/pdf.mjs';
}

declare module 'pdfjs-dist/legacy/build/pdf.worker.min.mjs' {
  export const WorkerMessageHandler: { initializeFromPort(port: unknown): void };
}
