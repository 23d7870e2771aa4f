import { FILE_SIZE_LIMITS_MB, type ContentType } from "../constants";

// Uploads (first document §5 Upload, and the multipart protocol of decision record 0005).

export const UPLOAD_TEXTS = {
  selectContentType: "Please select a content type first",
  selectFile: "Please select a file to upload",
  invalidFile: "Invalid file",
  invalidType: (type: ContentType) => `Please select a valid ${type} file`,
  fileTooLarge: (type: ContentType) => `File size must be less than ${FILE_SIZE_LIMITS_MB[type]}MB for ${type} files`,
  invalidFileName: "Invalid file name",
  multipleExtensions: "Multiple file extensions not allowed",
  suspiciousFileName: "Suspicious file name",
  incomplete: "Upload incomplete",
  notFound: "Upload not found",
  notOpen: "This upload is no longer open",
  thumbnailTooLarge: "Thumbnail must be less than 1MB",
} as const;