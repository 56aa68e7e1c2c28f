/** The media module's public entry: other modules import only from here. */
export { mediaRoutes } from './media.routes';
export { deleteCovers, loadCoverImages, processCover, storeCover, type ProcessedCover } from './covers';
export { processImage } from './images';
export { deleteMedia, deleteMediaOwnedBy, mediaUrl, storeImage } from './media.service';
export { readJsonOrUploadForm, readUploadForm } from './upload';
// What it keeps about a person, for the register of personal data (issue 22.1).
export { mediaPersonalData } from './personal-data';
