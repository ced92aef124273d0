import { imageEditingSoftwareDetector } from '../../../../engine/detectors/image/image-editing-software.js';
import { testDetector } from '../../detector-tester.js';
import { cameraExif, insertPngChunks, pageJpeg, pagePng, tEXt, xmpPacket } from './fixtures.js';

const small = { width: 300, height: 390 };

testDetector(imageEditingSoftwareDetector, {
  valid: [
    { name: 'camera firmware as Software', input: () => pageJpeg({ ...small, exif: cameraExif({ Software: 'HDR+ 1.0.345' }) }) },
    { name: 'scanner software', input: () => pageJpeg({ ...small, exif: { IFD0: { Software: 'Epson Scan 2' } } }) },
    { name: 'no software recorded', input: () => pagePng(small) },
  ],
  invalid: [
    {
      // Camera photos exported or resized in GIMP / Photoshop keep their capture record (issue 8).
      name: 'Photoshop in EXIF Software of a camera photo (capture record kept): context',
      input: () => pageJpeg({ ...small, exif: cameraExif({ Software: 'Adobe Photoshop 25.1 (Windows)' }) }),
      reasons: ['editing_software.image_editor'],
      check: (f) => {
        if (f[0].strength > 0.15) throw new Error('a resaved camera photo is context');
      },
    },
    {
      name: 'Photoshop in EXIF Software of a scan (no capture record)',
      input: () => pageJpeg({ ...small, exif: { IFD0: { Software: 'Adobe Photoshop 25.1 (Windows)' } } }),
      reasons: ['editing_software.image_editor'],
      check: (f) => {
        if (f[0].strength < 0.4) throw new Error('an editor over a scan keeps its weight');
      },
    },
    {
      name: 'GIMP in a PNG Software chunk',
      input: async () => insertPngChunks(await pagePng(small), [tEXt('Software', 'GIMP 2.10.34')]),
      reasons: ['editing_software.image_editor'],
    },
    {
      name: 'Snapseed in XMP history',
      input: () =>
        pageJpeg({
          ...small,
          xmp: xmpPacket(
            '<xmpMM:History xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/" xmlns:stEvt="http://ns.adobe.com/xap/1.0/sType/ResourceEvent#"><rdf:Seq><rdf:li stEvt:action="saved" stEvt:softwareAgent="Snapseed 2.0"/></rdf:Seq></xmpMM:History>',
          ),
        }),
      reasons: ['editing_software.image_editor'],
    },
    {
      name: 'Lightroom only (photo workflow, weak)',
      input: () => pageJpeg({ ...small, xmp: xmpPacket('<xmp:CreatorTool>Adobe Lightroom Classic 13.0</xmp:CreatorTool>') }),
      reasons: ['editing_software.photo_workflow'],
      check: (f) => {
        if (f[0].strength > 0.2) throw new Error('workflow tools must stay weak');
      },
    },
  ],
});
