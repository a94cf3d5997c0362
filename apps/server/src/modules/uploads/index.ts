/** What other modules may use of uploads: reading the one photo of a multipart request, within its limits. */
export { multipartLimits, readSingleFile, uploadBodyLimit } from './read-upload.js';
