/* Writes ycck.jpg: 32 x 16, red left and grey right, as Adobe YCCK (inverted CMYK). */
#include <stdio.h>
#include <jpeglib.h>

int main(void) {
    FILE *file = fopen("ycck.jpg", "wb");
    if (!file) return 1;
    struct jpeg_compress_struct info;
    struct jpeg_error_mgr error;
    info.err = jpeg_std_error(&error);
    jpeg_create_compress(&info);
    jpeg_stdio_dest(&info, file);
    info.image_width = 32;
    info.image_height = 16;
    info.input_components = 4;
    info.in_color_space = JCS_CMYK;
    jpeg_set_defaults(&info);
    jpeg_set_colorspace(&info, JCS_YCCK);   /* also writes the Adobe marker, transform 2 */
    jpeg_set_quality(&info, 95, TRUE);
    jpeg_start_compress(&info, TRUE);
    unsigned char row[32 * 4];
    for (int x = 0; x < 32; x++) {
        /* Inverted: 255 is no ink. Red is magenta and yellow; grey is half black. */
        unsigned char *p = row + 4 * x;
        if (x < 16) { p[0] = 255; p[1] = 0; p[2] = 0; p[3] = 255; }
        else { p[0] = 255; p[1] = 255; p[2] = 255; p[3] = 127; }
    }
    while (info.next_scanline < info.image_height) {
        JSAMPROW rows[1] = {row};
        jpeg_write_scanlines(&info, rows, 1);
    }
    jpeg_finish_compress(&info);
    jpeg_destroy_compress(&info);
    fclose(file);
    return 0;
}
