#ifndef VITRINE_CFACEDETECT_H
#define VITRINE_CFACEDETECT_H

#ifdef __cplusplus
extern "C" {
#endif

/// dlib's frontal face detector (HOG features and a linear classifier, its model built into
/// the library: no file to load). Opaque; made by vitrine_faces_create, freed by vitrine_faces_free.
typedef struct vitrine_faces vitrine_faces;

/// A new detector, or NULL when it could not be made (out of memory, a dlib error).
vitrine_faces *vitrine_faces_create(void);

/// Frees a detector made by vitrine_faces_create (NULL is ignored).
void vitrine_faces_free(vitrine_faces *detector);

/// Finds faces in an 8-bit grey image of `width` x `height` pixels, `stride` bytes row to
/// row. Writes at most `capacity` boxes as (left, top, right, bottom) pixel quadruples, right
/// and bottom exclusive, into `boxes` (4 x capacity ints). `upsample`: how many times the
/// image is doubled first (0 finds faces of about 80 px and more; each doubling finds
/// smaller faces at four times the cost). `threshold`: how sure dlib must be (its detection
/// score; 0 is its own default, higher values report fewer, surer faces). Returns the number of faces found (all of them,
/// even past `capacity`), or -1 when the arguments are bad or dlib failed (its message is
/// copied into `error`, `error_size` bytes, when given).
int vitrine_faces_detect(
    vitrine_faces *detector, const unsigned char *pixels, int width, int height, int stride, int upsample,
    double threshold, int *boxes, int capacity, char *error, int error_size);

#ifdef __cplusplus
}
#endif

#endif
