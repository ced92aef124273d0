/** Document information an issuing system writes into the Info dictionary (and sometimes XMP). */
export interface PdfMeta {
  title: string;
  author: string;
  creator: string;
  /** Left undefined to keep the library's own Producer string. */
  producer?: string;
  creationDate: Date;
  modDate: Date;
  subject?: string;
}
