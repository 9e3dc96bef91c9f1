//! A grouped bar chart as a PNG, drawn with a 5×7 bitmap font: no plotting
//! stack for one picture per run.

type Rgb = [u8; 3];

const WHITE: Rgb = [255, 255, 255];
const INK: Rgb = [40, 40, 40];
const GRID: Rgb = [225, 225, 225];
/// One colour per series (arm).
pub const SERIES: [Rgb; 4] = [
    [86, 120, 196],
    [230, 140, 50],
    [120, 120, 120],
    [90, 170, 100],
];

struct Canvas {
    width: usize,
    height: usize,
    pixels: Vec<Rgb>,
}

impl Canvas {
    fn new(width: usize, height: usize) -> Self {
        Self {
            width,
            height,
            pixels: vec![WHITE; width * height],
        }
    }

    fn rect(&mut self, x: usize, y: usize, w: usize, h: usize, c: Rgb) {
        for yy in y..(y + h).min(self.height) {
            for xx in x..(x + w).min(self.width) {
                self.pixels[yy * self.width + xx] = c;
            }
        }
    }

    /// Upper-case text at (x, y), each font pixel `scale` wide.
    fn text(&mut self, x: usize, y: usize, s: &str, scale: usize, c: Rgb) {
        for (i, ch) in s.chars().enumerate() {
            let rows = glyph(ch.to_ascii_uppercase());
            for (r, bits) in rows.iter().enumerate() {
                for col in 0..5 {
                    if bits & (0x10 >> col) != 0 {
                        self.rect(x + (i * 6 + col) * scale, y + r * scale, scale, scale, c);
                    }
                }
            }
        }
    }

    fn png(&self) -> Vec<u8> {
        let mut raw = Vec::with_capacity(self.height * (1 + 3 * self.width));
        for row in self.pixels.chunks(self.width) {
            raw.push(0);
            raw.extend(row.iter().flatten());
        }
        let mut out = b"\x89PNG\r\n\x1a\n".to_vec();
        let mut header = Vec::new();
        header.extend((self.width as u32).to_be_bytes());
        header.extend((self.height as u32).to_be_bytes());
        header.extend([8, 2, 0, 0, 0]);
        chunk(&mut out, b"IHDR", &header);
        chunk(
            &mut out,
            b"IDAT",
            &miniz_oxide::deflate::compress_to_vec_zlib(&raw, 9),
        );
        chunk(&mut out, b"IEND", &[]);
        out
    }
}

fn text_width(s: &str, scale: usize) -> usize {
    s.chars().count() * 6 * scale
}

fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    out.extend((data.len() as u32).to_be_bytes());
    let start = out.len();
    out.extend(kind);
    out.extend(data);
    let crc = crc32(&out[start..]);
    out.extend(crc.to_be_bytes());
}

fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &b in bytes {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = if crc & 1 != 0 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

/// `groups` are (label, one percentage per series); `series` names the bars.
pub fn bar_chart(title: &str, groups: &[(String, Vec<Option<f64>>)], series: &[String]) -> Vec<u8> {
    let (width, height) = (1000, 460);
    let (left, top, bottom) = (70, 100, 380);
    let mut c = Canvas::new(width, height);
    c.text(left, 16, title, 2, INK);
    let mut x = left;
    for (i, name) in series.iter().enumerate() {
        c.rect(x, 48, 14, 14, SERIES[i % SERIES.len()]);
        c.text(x + 20, 50, name, 2, INK);
        x += 20 + text_width(name, 2) + 24;
    }
    for pct in [0, 25, 50, 75, 100] {
        let y = bottom - (bottom - top) * pct / 100;
        c.rect(left, y, width - left - 20, 1, GRID);
        let label = format!("{pct}%");
        c.text(left - 8 - text_width(&label, 2), y - 7, &label, 2, INK);
    }
    let slot = (width - left - 20) / groups.len().max(1);
    let bar = (slot - 30) / series.len().max(1);
    for (g, (label, values)) in groups.iter().enumerate() {
        let x0 = left + g * slot + 15;
        for (s, v) in values.iter().enumerate() {
            let x = x0 + s * bar;
            let Some(v) = v else {
                c.text(x + bar / 2 - 6, bottom - 16, "-", 2, INK);
                continue;
            };
            let h = ((bottom - top) as f64 * v.clamp(0.0, 100.0) / 100.0).round() as usize;
            c.rect(x + 2, bottom - h, bar - 4, h, SERIES[s % SERIES.len()]);
            let text = format!("{v:.0}%");
            let scale = if text_width(&text, 2) + 2 <= bar {
                2
            } else {
                1
            };
            let tw = text_width(&text, scale);
            c.text(
                x + bar.saturating_sub(tw) / 2,
                bottom - h - 9 * scale,
                &text,
                scale,
                INK,
            );
        }
        let tw = text_width(label, 2);
        c.text(
            x0 + (slot - 30).saturating_sub(tw) / 2,
            bottom + 14,
            label,
            2,
            INK,
        );
    }
    c.rect(left, bottom, width - left - 20, 2, INK);
    c.png()
}

fn glyph(c: char) -> [u8; 7] {
    match c {
        '0' => [0x0E, 0x11, 0x13, 0x15, 0x19, 0x11, 0x0E],
        '1' => [0x04, 0x0C, 0x04, 0x04, 0x04, 0x04, 0x0E],
        '2' => [0x0E, 0x11, 0x01, 0x02, 0x04, 0x08, 0x1F],
        '3' => [0x1F, 0x02, 0x04, 0x02, 0x01, 0x11, 0x0E],
        '4' => [0x02, 0x06, 0x0A, 0x12, 0x1F, 0x02, 0x02],
        '5' => [0x1F, 0x10, 0x1E, 0x01, 0x01, 0x11, 0x0E],
        '6' => [0x06, 0x08, 0x10, 0x1E, 0x11, 0x11, 0x0E],
        '7' => [0x1F, 0x01, 0x02, 0x04, 0x08, 0x08, 0x08],
        '8' => [0x0E, 0x11, 0x11, 0x0E, 0x11, 0x11, 0x0E],
        '9' => [0x0E, 0x11, 0x11, 0x0F, 0x01, 0x02, 0x0C],
        'A' => [0x0E, 0x11, 0x11, 0x11, 0x1F, 0x11, 0x11],
        'B' => [0x1E, 0x11, 0x11, 0x1E, 0x11, 0x11, 0x1E],
        'C' => [0x0E, 0x11, 0x10, 0x10, 0x10, 0x11, 0x0E],
        'D' => [0x1C, 0x12, 0x11, 0x11, 0x11, 0x12, 0x1C],
        'E' => [0x1F, 0x10, 0x10, 0x1E, 0x10, 0x10, 0x1F],
        'F' => [0x1F, 0x10, 0x10, 0x1E, 0x10, 0x10, 0x10],
        'G' => [0x0E, 0x11, 0x10, 0x17, 0x11, 0x11, 0x0F],
        'H' => [0x11, 0x11, 0x11, 0x1F, 0x11, 0x11, 0x11],
        'I' => [0x0E, 0x04, 0x04, 0x04, 0x04, 0x04, 0x0E],
        'J' => [0x07, 0x02, 0x02, 0x02, 0x02, 0x12, 0x0C],
        'K' => [0x11, 0x12, 0x14, 0x18, 0x14, 0x12, 0x11],
        'L' => [0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x1F],
        'M' => [0x11, 0x1B, 0x15, 0x15, 0x11, 0x11, 0x11],
        'N' => [0x11, 0x11, 0x19, 0x15, 0x13, 0x11, 0x11],
        'O' => [0x0E, 0x11, 0x11, 0x11, 0x11, 0x11, 0x0E],
        'P' => [0x1E, 0x11, 0x11, 0x1E, 0x10, 0x10, 0x10],
        'Q' => [0x0E, 0x11, 0x11, 0x11, 0x15, 0x12, 0x0D],
        'R' => [0x1E, 0x11, 0x11, 0x1E, 0x14, 0x12, 0x11],
        'S' => [0x0F, 0x10, 0x10, 0x0E, 0x01, 0x01, 0x1E],
        'T' => [0x1F, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04],
        'U' => [0x11, 0x11, 0x11, 0x11, 0x11, 0x11, 0x0E],
        'V' => [0x11, 0x11, 0x11, 0x11, 0x11, 0x0A, 0x04],
        'W' => [0x11, 0x11, 0x11, 0x15, 0x15, 0x15, 0x0A],
        'X' => [0x11, 0x11, 0x0A, 0x04, 0x0A, 0x11, 0x11],
        'Y' => [0x11, 0x11, 0x11, 0x0A, 0x04, 0x04, 0x04],
        'Z' => [0x1F, 0x01, 0x02, 0x04, 0x08, 0x10, 0x1F],
        '%' => [0x18, 0x19, 0x02, 0x04, 0x08, 0x13, 0x03],
        '.' => [0x00, 0x00, 0x00, 0x00, 0x00, 0x0C, 0x0C],
        ',' => [0x00, 0x00, 0x00, 0x00, 0x0C, 0x04, 0x08],
        '-' => [0x00, 0x00, 0x00, 0x1F, 0x00, 0x00, 0x00],
        '+' => [0x00, 0x04, 0x04, 0x1F, 0x04, 0x04, 0x00],
        '=' => [0x00, 0x00, 0x1F, 0x00, 0x1F, 0x00, 0x00],
        ':' => [0x00, 0x0C, 0x0C, 0x00, 0x0C, 0x0C, 0x00],
        '/' => [0x00, 0x01, 0x02, 0x04, 0x08, 0x10, 0x00],
        '_' => [0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x1F],
        '>' => [0x08, 0x04, 0x02, 0x01, 0x02, 0x04, 0x08],
        '(' => [0x02, 0x04, 0x08, 0x08, 0x08, 0x04, 0x02],
        ')' => [0x08, 0x04, 0x02, 0x02, 0x02, 0x04, 0x08],
        _ => [0; 7],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crc_matches_the_png_specification_check_value() {
        // The CRC-32 of "123456789" is 0xCBF43926 (ISO 3309 / PNG annex D).
        assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
    }

    #[test]
    fn the_chart_is_a_png_whose_pixels_decompress_to_its_size() {
        let png = bar_chart(
            "T",
            &[("A".into(), vec![Some(50.0), None])],
            &["X".into(), "Y".into()],
        );
        assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
        let idat_len = u32::from_be_bytes(png[33..37].try_into().unwrap()) as usize;
        assert_eq!(&png[37..41], b"IDAT");
        let raw = miniz_oxide::inflate::decompress_to_vec_zlib(&png[41..41 + idat_len]).unwrap();
        assert_eq!(raw.len(), 460 * (1 + 3 * 1000));
    }
}
