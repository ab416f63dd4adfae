// A C face over dlib's frontal face detector, so Swift can call it: every C++ exception
// stops here and becomes a return code.
#include "CFaceDetect.h"

#include <dlib/image_processing/frontal_face_detector.h>

#include <cmath>
#include <cstring>
#include <exception>
#include <new>
#include <vector>

struct vitrine_faces {
    dlib::frontal_face_detector detector;
};

namespace {

void say(const char *message, char *error, int error_size) {
    if (error == nullptr || error_size <= 0) return;
    std::strncpy(error, message, static_cast<size_t>(error_size - 1));
    error[error_size - 1] = '\0';
}

}  // namespace

extern "C" vitrine_faces *vitrine_faces_create(void) {
    try {
        auto *made = new (std::nothrow) vitrine_faces;
        if (made == nullptr) return nullptr;
        made->detector = dlib::get_frontal_face_detector();
        return made;
    } catch (...) {
        return nullptr;
    }
}

extern "C" void vitrine_faces_free(vitrine_faces *detector) { delete detector; }

extern "C" int vitrine_faces_detect(
    vitrine_faces *detector, const unsigned char *pixels, int width, int height, int stride, int upsample,
    double threshold, int *boxes, int capacity, char *error, int error_size) {
    if (detector == nullptr || pixels == nullptr || width <= 0 || height <= 0 || stride < width || upsample < 0 ||
        upsample > 2 || !std::isfinite(threshold) || capacity < 0 || (capacity > 0 && boxes == nullptr)) {
        say("bad arguments", error, error_size);
        return -1;
    }
    try {
        // Copied into dlib's own image (a small copy: the caller scales the photo down first).
        dlib::array2d<unsigned char> image(height, width);
        for (int y = 0; y < height; y++) {
            std::memcpy(&image[y][0], pixels + static_cast<size_t>(y) * static_cast<size_t>(stride),
                static_cast<size_t>(width));
        }
        for (int i = 0; i < upsample; i++) dlib::pyramid_up(image);
        std::vector<dlib::rect_detection> found;
        detector->detector(image, found, threshold);
        const long scale = 1L << upsample;
        const int count = static_cast<int>(found.size());
        for (int i = 0; i < count && i < capacity; i++) {
            const dlib::rectangle box = found[i].rect;
            boxes[4 * i] = static_cast<int>(box.left() / scale);
            boxes[4 * i + 1] = static_cast<int>(box.top() / scale);
            boxes[4 * i + 2] = static_cast<int>((box.right() + 1) / scale);
            boxes[4 * i + 3] = static_cast<int>((box.bottom() + 1) / scale);
        }
        return count;
    } catch (const std::exception &e) {
        say(e.what(), error, error_size);
        return -1;
    } catch (...) {
        say("an unknown dlib error", error, error_size);
        return -1;
    }
}
