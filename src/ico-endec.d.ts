/** ico-endec ships no types: the calls the build (src/pages/favicon.ico.ts) and its tests make. */
declare module 'ico-endec' {
  const icoEndec: {
    /** An ICO file holding the given PNG (or BMP) images, one entry each. */
    encode(images: readonly (Buffer | Uint8Array | ArrayBuffer)[]): Buffer;
    /** The entries of an ICO file. */
    decode(ico: Buffer | ArrayBuffer): { width: number; height: number; imageType: 'png' | 'bmp'; imageData: Buffer }[];
  };
  export default icoEndec;
}
