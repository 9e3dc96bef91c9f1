//! The one dense, row-major matrix type shared by the exact kernels.

use std::ops::{Index, IndexMut};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mat<T> {
    rows: usize,
    cols: usize,
    data: Vec<T>,
}

impl<T> Mat<T> {
    /// Builds a matrix from rows; `None` when the rows differ in length.
    pub fn from_rows(rows: Vec<Vec<T>>) -> Option<Self> {
        let r = rows.len();
        let c = rows.first().map_or(0, Vec::len);
        if rows.iter().any(|row| row.len() != c) {
            return None;
        }
        Some(Self {
            rows: r,
            cols: c,
            data: rows.into_iter().flatten().collect(),
        })
    }

    /// Wraps row-major entries; `None` unless there are `rows·cols` of them.
    pub fn from_vec(rows: usize, cols: usize, data: Vec<T>) -> Option<Self> {
        (data.len() == rows * cols).then_some(Self { rows, cols, data })
    }

    /// The entries, row after row.
    pub fn as_slice(&self) -> &[T] {
        &self.data
    }

    pub fn from_fn(rows: usize, cols: usize, mut f: impl FnMut(usize, usize) -> T) -> Self {
        let mut data = Vec::with_capacity(rows * cols);
        for i in 0..rows {
            for j in 0..cols {
                data.push(f(i, j));
            }
        }
        Self { rows, cols, data }
    }

    pub fn rows(&self) -> usize {
        self.rows
    }

    pub fn cols(&self) -> usize {
        self.cols
    }

    pub fn is_square(&self) -> bool {
        self.rows == self.cols
    }

    pub fn row(&self, i: usize) -> &[T] {
        &self.data[i * self.cols..(i + 1) * self.cols]
    }

    pub fn row_mut(&mut self, i: usize) -> &mut [T] {
        &mut self.data[i * self.cols..(i + 1) * self.cols]
    }

    /// All rows as mutable slices, for row-parallel updates.
    pub fn rows_mut(&mut self) -> std::slice::ChunksMut<'_, T> {
        let c = self.cols.max(1);
        self.data.chunks_mut(c)
    }

    /// Rows `0..at` read-only and rows `at..` writable, so elimination can
    /// update the rows below a pivot while reading the pivot row.
    pub fn split_at_row_mut(&mut self, at: usize) -> (&[T], &mut [T]) {
        let (top, bottom) = self.data.split_at_mut(at * self.cols);
        (top, bottom)
    }

    pub fn swap_rows(&mut self, a: usize, b: usize) {
        if a != b {
            for j in 0..self.cols {
                self.data.swap(a * self.cols + j, b * self.cols + j);
            }
        }
    }

    pub fn into_rows(self) -> Vec<Vec<T>> {
        let c = self.cols;
        if c == 0 {
            return (0..self.rows).map(|_| Vec::new()).collect();
        }
        let mut out = Vec::with_capacity(self.rows);
        let mut it = self.data.into_iter();
        for _ in 0..self.rows {
            out.push(it.by_ref().take(c).collect());
        }
        out
    }

    /// Converts every entry, consuming the matrix (no copies).
    pub fn into_map<U>(self, f: impl FnMut(T) -> U) -> Mat<U> {
        Mat {
            rows: self.rows,
            cols: self.cols,
            data: self.data.into_iter().map(f).collect(),
        }
    }

    pub fn map<U>(&self, f: impl FnMut(&T) -> U) -> Mat<U> {
        Mat {
            rows: self.rows,
            cols: self.cols,
            data: self.data.iter().map(f).collect(),
        }
    }
}

impl<T: Clone> Mat<T> {
    pub fn transpose(&self) -> Self {
        Self::from_fn(self.cols, self.rows, |i, j| self[(j, i)].clone())
    }
}

impl<T> Index<(usize, usize)> for Mat<T> {
    type Output = T;
    fn index(&self, (i, j): (usize, usize)) -> &T {
        assert!(j < self.cols, "column index out of range");
        &self.data[i * self.cols + j]
    }
}

impl<T> IndexMut<(usize, usize)> for Mat<T> {
    fn index_mut(&mut self, (i, j): (usize, usize)) -> &mut T {
        assert!(j < self.cols, "column index out of range");
        &mut self.data[i * self.cols + j]
    }
}
