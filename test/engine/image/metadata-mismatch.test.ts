import metadataMismatch from '../../../engine/image/metadata-mismatch.js';
import { testDetector } from '../detector-tester.js';
import { cameraExif, pageJpeg, xmpPacket } from './fixtures.js';

const small = { width: 300, height: 390 };
const xmpDates = (created: string, modified?: string) =>
  xmpPacket(`<photoshop:DateCreated>${created}</photoshop:DateCreated>${modified ? `<xmp:ModifyDate>${modified}</xmp:ModifyDate>` : ''}`);

testDetector(metadataMismatch, {
  valid: [
    { name: 'camera photo with consistent EXIF', input: () => pageJpeg({ ...small, exif: cameraExif() }) },
    { name: 'XMP capture date equal up to a time-zone offset', input: () => pageJpeg({ ...small, exif: cameraExif(), xmp: xmpDates('2024-03-05T08:00:00Z', '2024-03-05T10:00:00+02:00') }) },
    { name: 'XMP date-only capture date on the same day', input: () => pageJpeg({ ...small, exif: cameraExif(), xmp: xmpDates('2024-03-05') }) },
    { name: 'Android firmware on an Android phone', input: () => pageJpeg({ ...small, exif: cameraExif({ Software: 'HDR+ 1.0.4', Make: 'Google' }) }) },
  ],
  invalid: [
    { name: 'XMP capture date a month from EXIF', input: () => pageJpeg({ ...small, exif: cameraExif(), xmp: xmpDates('2024-04-05T10:00:00') }), reasons: ['metadata_mismatch.capture_date'] },
    { name: 'modified weeks after capture', input: () => pageJpeg({ ...small, exif: cameraExif({ DateTime: '2024:03:29 18:00:00' }) }), reasons: ['metadata_mismatch.modified_after_capture'] },
    { name: 'modified before capture', input: () => pageJpeg({ ...small, exif: cameraExif({ DateTime: '2023:12:01 09:00:00' }) }), reasons: ['metadata_mismatch.modified_before_capture'] },
    { name: 'iOS firmware on a Samsung camera', input: () => pageJpeg({ ...small, exif: cameraExif({ Make: 'samsung', Model: 'SM-G991B', Software: 'iOS 17.2' }) }), reasons: ['metadata_mismatch.software_device'] },
    { name: 'EXIF and XMP modification dates disagree', input: () => pageJpeg({ ...small, exif: cameraExif(), xmp: xmpDates('2024-03-05T10:00:00', '2024-06-01T12:00:00') }), reasons: ['metadata_mismatch.modify_date', 'metadata_mismatch.modified_after_capture'] },
  ],
});
