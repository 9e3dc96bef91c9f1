//! Certified complex roots of a squarefree polynomial over Z.
//!
//! Approximations z₁ … z_n come from the Aberth–Ehrlich iteration in f64,
//! refined by Newton's iteration in fixed-point dyadic arithmetic when
//! they do not certify. The certificate is Gerschgorin's theorem: with
//! Weierstrass' corrections W_i = p(z_i)/(lc·Π_{j≠i}(z_i − z_j)), Lagrange
//! interpolation at the z_i gives p/lc = det(λ − (diag(z) − 1·Wᵀ)), so the
//! roots of p lie
//! in the union of the column disks D_i = D(z_i − W_i, (n − 1)·|W_i|) and
//! a connected component of k disks holds exactly k of them. Pairwise
//! disjoint disks hold one root each. For real p, a real z_i has a real
//! W_i: its disk is symmetric about the real axis and its one root is its
//! own conjugate, real.

use crate::{Budget, Q, Stop};
use num_bigint::BigInt;
use num_traits::{One, Signed, ToPrimitive, Zero};

/// A complex rational.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct C {
    pub re: Q,
    pub im: Q,
}

/// A Gaussian integer a: the point a/2^b on a grid of step 2^−b.
#[derive(Clone, Debug, PartialEq, Eq)]
struct G {
    re: BigInt,
    im: BigInt,
}

impl G {
    fn real(re: BigInt) -> G {
        G {
            re,
            im: BigInt::zero(),
        }
    }

    fn add(&self, o: &G) -> G {
        G {
            re: &self.re + &o.re,
            im: &self.im + &o.im,
        }
    }

    fn sub(&self, o: &G) -> G {
        G {
            re: &self.re - &o.re,
            im: &self.im - &o.im,
        }
    }

    fn mul(&self, o: &G) -> G {
        G {
            re: &self.re * &o.re - &self.im * &o.im,
            im: &self.re * &o.im + &self.im * &o.re,
        }
    }

    fn shl(&self, k: usize) -> G {
        G {
            re: &self.re << k,
            im: &self.im << k,
        }
    }

    fn norm2(&self) -> BigInt {
        &self.re * &self.re + &self.im * &self.im
    }

    /// round(self/o) componentwise (o ≠ 0).
    fn div_round(&self, o: &G) -> G {
        let d = o.norm2();
        let n = self.mul(&G {
            re: o.re.clone(),
            im: -o.im.clone(),
        });
        let round = |x: BigInt| {
            let twice = (x << 1) + &d;
            num_integer::Integer::div_floor(&twice, &(&d << 1))
        };
        G {
            re: round(n.re),
            im: round(n.im),
        }
    }

    fn at(&self, bits: usize) -> C {
        C {
            re: crate::dyadic(self.re.clone(), bits as u64),
            im: crate::dyadic(self.im.clone(), bits as u64),
        }
    }
}

/// 2^(b·n)·p(a/2^b), n = deg p: Horner's rule on the grid.
fn scaled_value(p: &[BigInt], a: &G, bits: usize) -> G {
    let n = p.len() - 1;
    let mut acc = G::real(p[n].clone());
    for k in (0..n).rev() {
        acc = acc.mul(a).add(&G::real(&p[k] << (bits * (n - k))));
    }
    acc
}

/// p(a/2^b)·2^F on a fixed-point grid, truncated after every step of
/// Horner's rule (operands stay near F bits, not n·b), with F = b + 40 +
/// ⌈(n − 1)·log₂ max(1, |z|)⌉, and log₂ of a bound on the error
/// |V·2^−F − p(z)|: each step's truncation is below √2 grid steps and is
/// multiplied by |z| in each later step, so the error is at most
/// √2·n·max(1, |z|)^(n−1)·2^−F.
fn fixed_value(p: &[BigInt], a: &G, bits: usize) -> (G, usize, f64) {
    let n = p.len() - 1;
    let norm = a.norm2();
    let growth = if norm.is_zero() {
        0.0
    } else {
        (log2_of(&norm) / 2.0 - bits as f64 + 1e-9).max(0.0)
    };
    let spread = ((n.saturating_sub(1)) as f64 * growth).ceil();
    let f = bits + 40 + spread as usize;
    let mut acc = G::real(&p[n] << f);
    for k in (0..n).rev() {
        let product = acc.mul(a);
        acc = G {
            re: (product.re >> bits) + (&p[k] << f),
            im: product.im >> bits,
        };
    }
    let error = (2f64.sqrt() * n as f64).log2() + spread + 1e-9 - f as f64;
    (acc, f, error)
}

/// A disk holding exactly one root.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Disk {
    pub center: C,
    pub radius: Q,
}

impl Disk {
    pub fn is_real(&self) -> bool {
        self.center.im.is_zero()
    }

    /// Whether the two closed disks are disjoint. Pairs far apart in f64
    /// (by a margin of 10⁻⁹ of their sizes, 10⁷ times f64's relative
    /// rounding) are decided there; the rest exactly.
    pub fn apart(&self, other: &Disk) -> bool {
        let approx = |d: &Disk| {
            Some((
                d.center.re.to_f64()?,
                d.center.im.to_f64()?,
                d.radius.to_f64()?,
            ))
        };
        if let (Some(a), Some(c)) = (approx(self), approx(other)) {
            let distance = (a.0 - c.0).hypot(a.1 - c.1);
            let scale = a.0.abs() + a.1.abs() + c.0.abs() + c.1.abs() + a.2 + c.2;
            // Far from f64's subnormal range, where rounding is not relative.
            if scale.is_finite() && scale > 1e-290 && distance > a.2 + c.2 + 1e-9 * scale {
                return true;
            }
        }
        let dre = &self.center.re - &other.center.re;
        let dim = &self.center.im - &other.center.im;
        let reach = &self.radius + &other.radius;
        &dre * &dre + &dim * &dim > &reach * &reach
    }
}

/// Largest degree handled.
pub const MAX_DEGREE: usize = 200;

/// Disjoint disks, one per root of the squarefree p over Z (degree ≥ 1)
/// with `real` real roots: real-centered for those (the `real`
/// approximations nearest the axis are put on it), the others in
/// conjugate pairs, with
/// radii at most `radius` where the precision allows (Newton's steps stop
/// at max(4,096, 2·log₂(1/radius) + 128) bits); None when the disks could
/// not be separated by then.
pub fn isolate(
    p: &[BigInt],
    real: usize,
    radius: &Q,
    budget: &Budget,
) -> Result<Option<Vec<Disk>>, Stop> {
    let n = p.len().saturating_sub(1);
    if n == 0 || n > MAX_DEGREE {
        return Ok(None);
    }
    let Some(start) = aberth(p) else {
        return Ok(None);
    };
    let mut bits = 64;
    let grid = |v: f64, bits: usize| -> BigInt {
        let q = Q::from_float(v * 2f64.powi(bits as i32)).unwrap_or_default();
        q.round().to_integer()
    };
    let on_grid = |points: Vec<(f64, f64)>| -> Vec<G> {
        points
            .into_iter()
            .map(|(re, im)| G {
                re: grid(re, bits),
                im: grid(im, bits),
            })
            .collect()
    };
    let mut z = on_grid(symmetric(&start, real));
    // Clustered roots can defeat f64 (the wrong approximations put on the
    // axis, so Newton's steps never settle): then the unsnapped start is
    // polished by Weierstrass' iteration in exact dyadic arithmetic and
    // put on the axis again.
    let mut unsnapped = Some(on_grid(start.clone()));
    let dp: Vec<BigInt> = p
        .iter()
        .enumerate()
        .skip(1)
        .map(|(k, c)| c * BigInt::from(k))
        .collect();
    let wanted = radius.denom().bits().saturating_sub(radius.numer().bits()) as usize;
    let cap = 4096.max(2 * wanted + 128);
    loop {
        budget.check()?;
        let certified = match certify_by_logarithms(p, &z, bits, budget)? {
            Some(disks) => Some(disks),
            None => certify(p, &z, bits, budget)?,
        };
        match certified {
            Some(disks) if bits > cap || disks.iter().all(|d| d.radius <= *radius) => {
                return Ok(Some(disks));
            }
            None if bits > cap => return Ok(None),
            None if bits >= 256 && unsnapped.is_some() => {
                let from = unsnapped.take().unwrap_or_default();
                let (polished, at) = polish(p, from, cap, budget)?;
                z = snap(polished, real);
                bits = at;
                continue;
            }
            _ => {}
        }
        // Newton's step on each approximation onto the grid 2^−2b:
        // a′ = round(2^b·(a·P′ − P)/P′) with P = 2^(bn)·p(z),
        // P′ = 2^(b(n−1))·p′(z), z = a/2^b; a real one stays real, the
        // conjugate of a non-real one follows it.
        let next = 2 * bits;
        for a in z.iter_mut() {
            budget.check()?;
            // z′ = z − p(z)/p′(z) on the grid 2^−next, from fixed-point
            // values (the certificate, not this step, is what is trusted).
            let (value, fv, _) = fixed_value(p, a, bits);
            let (slope, fs, _) = fixed_value(&dp, a, bits);
            let real = a.im.is_zero();
            *a = if slope.norm2().is_zero() {
                a.shl(next - bits)
            } else {
                // p/p′ = (V/2^fv)/(S/2^fs): scale V by 2^(next + fs − fv).
                let up = next + fs;
                let step = if up >= fv {
                    value.shl(up - fv)
                } else {
                    G {
                        re: value.re >> (fv - up),
                        im: value.im >> (fv - up),
                    }
                };
                a.shl(next - bits).sub(&step.div_round(&slope))
            };
            if real {
                a.im = BigInt::zero();
            }
        }
        bits = next;
        let snapshot = z.clone();
        for (i, w) in snapshot.iter().enumerate() {
            if w.im.is_positive()
                && let Some(j) = conjugate_of(&snapshot, i)
            {
                z[j] = G {
                    re: w.re.clone(),
                    im: -w.im.clone(),
                };
            }
        }
    }
}

/// Weierstrass' (Durand–Kerner) iteration on the grid 2^−b, Gauss–Seidel
/// style, from 64 bits: at each precision until every correction is at
/// most a few grid steps, then twice the bits, up to 512 (or `cap`).
/// Returns the approximations and their grid.
fn polish(
    p: &[BigInt],
    mut z: Vec<G>,
    cap: usize,
    budget: &Budget,
) -> Result<(Vec<G>, usize), Stop> {
    let n = z.len();
    let mut bits = 64;
    let top = 512.min(cap);
    let small = BigInt::from(16);
    loop {
        // From a poor start the iteration needs many rounds to sort the
        // approximations out; once near, it converges quadratically.
        let rounds = if bits == 64 { 100 * n + 200 } else { 200 };
        for _ in 0..rounds {
            budget.check()?;
            let mut settled = true;
            for i in 0..n {
                let mut den = G::real(&p[n] << bits);
                for j in 0..n {
                    if j != i {
                        den = den.mul(&z[i].sub(&z[j]));
                    }
                }
                if den.norm2().is_zero() {
                    // Two approximations coincide: nudge one by a grid step.
                    z[i].im += 1;
                    settled = false;
                    continue;
                }
                let w = scaled_value(p, &z[i], bits).shl(bits).div_round(&den);
                if w.norm2() > small {
                    settled = false;
                }
                z[i] = z[i].sub(&w);
            }
            if settled {
                break;
            }
        }
        if bits >= top {
            return Ok((z, bits));
        }
        z = z.iter().map(|a| a.shl(bits)).collect();
        bits *= 2;
    }
}

/// The `real` approximations nearest the axis put on it, the others paired
/// with their nearest conjugates (as [`symmetric`], on the grid).
fn snap(z: Vec<G>, real: usize) -> Vec<G> {
    let mut order: Vec<usize> = (0..z.len()).collect();
    order.sort_by(|&a, &b| z[a].im.abs().cmp(&z[b].im.abs()));
    let mut out = z;
    for &i in &order[..real.min(out.len())] {
        out[i].im = BigInt::zero();
    }
    let mut used: Vec<bool> = out.iter().map(|g| g.im.is_zero()).collect();
    for &i in &order[real.min(out.len())..] {
        if used[i] {
            continue;
        }
        used[i] = true;
        let upper = G {
            re: out[i].re.clone(),
            im: out[i].im.abs(),
        };
        out[i] = upper.clone();
        let mirror = G {
            re: upper.re.clone(),
            im: -upper.im.clone(),
        };
        // The nearest to i once both are folded into the upper half plane:
        // i's conjugate, whichever half i itself lies in.
        let folded = |g: &G| {
            G {
                re: g.re.clone(),
                im: g.im.abs(),
            }
            .sub(&upper)
            .norm2()
        };
        let partner = (0..out.len())
            .filter(|&j| !used[j])
            .min_by(|&a, &b| folded(&out[a]).cmp(&folded(&out[b])));
        if let Some(j) = partner {
            used[j] = true;
            out[j] = mirror;
        }
    }
    out
}

/// The index of the approximation nearest to the conjugate of z_i among
/// those with negative imaginary part.
fn conjugate_of(z: &[G], i: usize) -> Option<usize> {
    let target = G {
        re: z[i].re.clone(),
        im: -z[i].im.clone(),
    };
    (0..z.len())
        .filter(|&j| z[j].im.is_negative())
        .min_by(|&a, &b| z[a].sub(&target).norm2().cmp(&z[b].sub(&target).norm2()))
}

/// The column Gerschgorin disks, when pairwise disjoint. With z_i = a_i/2^b,
/// W_i = P_i/D_i for P_i = 2^(bn)·p(z_i) and D_i = 2^b·lc·Π_{j≠i}(a_i − a_j).
/// Centers are rounded to the grid 2^−h (h = b + 16) and the radii
/// (n − 1)·|W_i| bounded above on it, plus the rounding: every comparison
/// is between integers.
fn certify(p: &[BigInt], z: &[G], bits: usize, budget: &Budget) -> Result<Option<Vec<Disk>>, Stop> {
    let n = z.len();
    let h = bits + 16;
    let mut centers = Vec::with_capacity(n);
    let mut radii = Vec::with_capacity(n);
    for i in 0..n {
        budget.check()?;
        let mut den = G::real(&p[n] << bits);
        for j in 0..n {
            if j != i {
                den = den.mul(&z[i].sub(&z[j]));
            }
        }
        if den.norm2().is_zero() {
            return Ok(None);
        }
        let value = scaled_value(p, &z[i], bits);
        // 2^h·(z_i − W_i), rounded: error at most 1 on this grid.
        let w = value.shl(h).div_round(&den);
        centers.push(z[i].shl(h - bits).sub(&w));
        // ⌈2^h·(n − 1)·|W_i|⌉ + 1 ≥ (n − 1)|W_i|·2^h + rounding.
        let k = BigInt::from(n - 1);
        let top = (&k * &k * value.norm2()) << (2 * h);
        let bottom = den.norm2();
        let square = num_integer::Integer::div_ceil(&top, &bottom);
        let mut root = square.sqrt();
        if &root * &root < square {
            root += 1;
        }
        radii.push(root + 2);
    }
    for i in 0..n {
        for j in i + 1..n {
            let reach = &radii[i] + &radii[j];
            if centers[i].sub(&centers[j]).norm2() <= &reach * &reach {
                return Ok(None);
            }
        }
    }
    Ok(Some(
        centers
            .iter()
            .zip(radii)
            .map(|(c, r)| Disk {
                center: c.at(h),
                radius: crate::dyadic(r, h as u64),
            })
            .collect(),
    ))
}

/// log₂ x for x > 0, within 2⁻⁵⁰·(1 + |log₂ x|).
fn log2_of(x: &BigInt) -> f64 {
    let b = x.bits();
    if b <= 960 {
        return x.to_f64().unwrap_or(f64::NAN).log2();
    }
    let top: BigInt = x >> (b - 64);
    top.to_f64().unwrap_or(f64::NAN).log2() + (b - 64) as f64
}

/// The same certificate as [`certify`] with the disks D(zᵢ, n·|Wᵢ|) ⊇
/// D(zᵢ − Wᵢ, (n − 1)·|Wᵢ|), whose radii are bounded in logarithms instead
/// of exact products: log₂|Wᵢ| = log₂|p(zᵢ)| − log₂|lc| − Σⱼ log₂|zᵢ − zⱼ|,
/// every difference exact, |p(zᵢ)| bounded above by a fixed-point value
/// plus its error bound ([`fixed_value`]), each logarithm within 2⁻⁵⁰ of
/// its value (relative), the sum's rounding below n·2⁻⁵³ of its terms'
/// sizes; a slack of 10⁻⁹ of the terms' sizes covers both. Each radius is the
/// next power of two, and two disks are apart when log₂|zᵢ − zⱼ| less its
/// slack exceeds 1 + the larger exponent (the sum of the radii is at most
/// twice the larger). Pairwise disjoint disks of this kind each hold
/// exactly one root, as the smaller Gerschgorin disks inside them do.
/// None when not apart (or degenerate): then [`certify`] decides.
fn certify_by_logarithms(
    p: &[BigInt],
    z: &[G],
    bits: usize,
    budget: &Budget,
) -> Result<Option<Vec<Disk>>, Stop> {
    let n = z.len();
    if n < 2 || !p.iter().all(|c| c.bits() < 1 << 20) {
        return Ok(None);
    }
    let slack = |size: f64| 1e-9 * (1.0 + size);
    // log₂|zᵢ − zⱼ| (the grid step 2^−b taken out).
    let mut apart = vec![vec![0f64; n]; n];
    for i in 0..n {
        budget.check()?;
        for j in i + 1..n {
            let d = z[i].sub(&z[j]).norm2();
            if d.is_zero() {
                return Ok(None);
            }
            let l = log2_of(&d) / 2.0 - bits as f64;
            apart[i][j] = l;
            apart[j][i] = l;
        }
    }
    let lead = log2_of(&p[n].abs());
    let mut exponents: Vec<i64> = Vec::with_capacity(n);
    for i in 0..n {
        budget.check()?;
        // log₂ of an upper bound on |p(zᵢ)|: |V|·2^−F plus the error,
        // at most twice the larger.
        let (value, f, error) = fixed_value(p, &z[i], bits);
        let value = value.norm2();
        let computed = if value.is_zero() {
            f64::NEG_INFINITY
        } else {
            log2_of(&value) / 2.0 - f as f64
        };
        let at = computed.max(error) + 1.0;
        // Summed in sorted order, so conjugates get the same radius.
        let mut logs: Vec<f64> = (0..n).filter(|&j| j != i).map(|j| apart[i][j]).collect();
        logs.sort_by(f64::total_cmp);
        let size = at.abs() + lead.abs() + logs.iter().map(|l| l.abs()).sum::<f64>();
        let w = at - lead - logs.iter().sum::<f64>() + (n as f64).log2();
        let e = (w + slack(size)).ceil();
        if !e.is_finite() || e.abs() > 16_777_216.0 {
            return Ok(None);
        }
        exponents.push(e as i64);
    }
    for i in 0..n {
        for j in i + 1..n {
            let larger = exponents[i].max(exponents[j]) as f64 + 1.0;
            if apart[i][j] - slack(apart[i][j].abs()) <= larger {
                return Ok(None);
            }
        }
    }
    Ok(Some(
        z.iter()
            .zip(exponents)
            .map(|(c, e)| Disk {
                center: c.at(bits),
                radius: if e >= 0 {
                    Q::from_integer(BigInt::one() << e as usize)
                } else {
                    crate::dyadic(BigInt::one(), (-e) as u64)
                },
            })
            .collect(),
    ))
}

/// Approximations in f64 with the `real` nearest the axis put on it and
/// the others paired with their nearest conjugates, made exact.
fn symmetric(z: &[(f64, f64)], real: usize) -> Vec<(f64, f64)> {
    let mut order: Vec<usize> = (0..z.len()).collect();
    order.sort_by(|&a, &b| z[a].1.abs().total_cmp(&z[b].1.abs()));
    let mut out = z.to_vec();
    for &i in &order[..real.min(z.len())] {
        out[i].1 = 0.0;
    }
    let mut used: Vec<bool> = (0..z.len()).map(|i| out[i].1 == 0.0).collect();
    for &i in &order[real.min(z.len())..] {
        if used[i] {
            continue;
        }
        used[i] = true;
        let upper = (out[i].0, out[i].1.abs());
        out[i] = upper;
        let partner = (0..out.len()).filter(|&j| !used[j]).min_by(|&a, &b| {
            let d = |j: usize| (out[j].0 - upper.0).hypot(out[j].1.abs() - upper.1);
            d(a).total_cmp(&d(b))
        });
        if let Some(j) = partner {
            used[j] = true;
            out[j] = (upper.0, -upper.1);
        }
    }
    out
}

/// The Aberth–Ehrlich iteration in f64 from points on a circle, the
/// coefficients scaled by one power of two so the largest fits a float
/// (the roots do not change); None when a root's size does not fit.
fn aberth(p: &[BigInt]) -> Option<Vec<(f64, f64)>> {
    let bits = p.iter().map(|c| c.bits()).max().unwrap_or(0);
    let shift = bits.saturating_sub(900) as usize;
    let a: Vec<f64> = p
        .iter()
        .map(|c| (c >> shift).to_f64().filter(|x| x.is_finite()))
        .collect::<Option<_>>()?;
    if a.last().is_none_or(|l| *l == 0.0) {
        return None;
    }
    let n = a.len() - 1;
    let lead = a[n];
    let radius = a[..n]
        .iter()
        .enumerate()
        .map(|(k, c)| (c / lead).abs().powf(1.0 / (n - k) as f64))
        .fold(0.0, f64::max)
        .max(1e-3);
    let mut z: Vec<(f64, f64)> = (0..n)
        .map(|k| {
            let t = std::f64::consts::TAU * k as f64 / n as f64 + 0.4;
            (radius * t.cos(), radius * t.sin())
        })
        .collect();
    let mul = |x: (f64, f64), y: (f64, f64)| (x.0 * y.0 - x.1 * y.1, x.0 * y.1 + x.1 * y.0);
    let div = |x: (f64, f64), y: (f64, f64)| {
        let d = y.0 * y.0 + y.1 * y.1;
        ((x.0 * y.0 + x.1 * y.1) / d, (x.1 * y.0 - x.0 * y.1) / d)
    };
    let horner = |coefficients: &mut dyn Iterator<Item = f64>, z: (f64, f64)| {
        let (mut v, mut d) = ((0.0, 0.0), (0.0, 0.0));
        for c in coefficients {
            d = mul(d, z);
            d.0 += v.0;
            d.1 += v.1;
            v = mul(v, z);
            v.0 += c;
        }
        (v, d)
    };
    // p/p′ at z; beyond the unit circle through the reversed polynomial
    // r(w) = wⁿ·p(1/w), p′/p = n·w − w²·r′(w)/r(w), so nothing overflows.
    let ratio = |z: (f64, f64)| -> (f64, f64) {
        if z.0.hypot(z.1) <= 1.0 {
            let (v, d) = horner(&mut a.iter().rev().copied(), z);
            return if v == (0.0, 0.0) {
                (0.0, 0.0)
            } else {
                div(v, d)
            };
        }
        let w = div((1.0, 0.0), z);
        let (r, dr) = horner(&mut a.iter().copied(), w);
        if r == (0.0, 0.0) {
            return (0.0, 0.0);
        }
        let t = mul(mul(w, w), div(dr, r));
        div((1.0, 0.0), (n as f64 * w.0 - t.0, n as f64 * w.1 - t.1))
    };
    for _ in 0..1000 {
        let mut biggest: f64 = 0.0;
        for i in 0..n {
            let ratio = ratio(z[i]);
            if ratio == (0.0, 0.0) {
                continue;
            }
            let mut sum = (0.0, 0.0);
            for j in 0..n {
                if j != i {
                    let r = div((1.0, 0.0), (z[i].0 - z[j].0, z[i].1 - z[j].1));
                    sum.0 += r.0;
                    sum.1 += r.1;
                }
            }
            let rs = mul(ratio, sum);
            let w = div(ratio, (1.0 - rs.0, -rs.1));
            if !(w.0.is_finite() && w.1.is_finite()) {
                biggest = f64::INFINITY;
                continue;
            }
            z[i] = (z[i].0 - w.0, z[i].1 - w.1);
            biggest = biggest.max(w.0.hypot(w.1) / z[i].0.hypot(z[i].1).max(1e-300));
        }
        if biggest < 1e-15 {
            return Some(z);
        }
    }
    Some(z)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn z(v: &[i64]) -> Vec<BigInt> {
        v.iter().map(|&c| BigInt::from(c)).collect()
    }

    /// A cluster that f64 cannot resolve (8 real roots in [0.58, 0.91]
    /// beside two conjugate pairs 0.0043 and 0.042 off the axis: from
    /// Katsura-4's separating form) is polished exactly and certified.
    #[test]
    fn a_cluster_beyond_f64() {
        let b = Budget::unlimited();
        let p: Vec<BigInt> = [
            9828776547i64,
            -157356316348,
            1153035684248,
            -5113545559992,
            15286988783636,
            -32455429389872,
            50178624305664,
            -56925435084096,
            47030628794240,
            -27597039964416,
            10917601523712,
            -2614546142208,
            286644593664,
        ]
        .iter()
        .map(|&c| BigInt::from(c))
        .collect();
        let r = Q::new(1.into(), BigInt::from(10).pow(30));
        let disks = isolate(&p, 8, &r, &b).unwrap().unwrap();
        assert_eq!(disks.len(), 12);
        assert_eq!(disks.iter().filter(|d| d.is_real()).count(), 8);
        assert!(disks.iter().all(|d| d.radius <= r));
    }

    /// 30 roots in [0.57, 0.93] × [−0.053, 0.053], 6·10⁻⁴ apart at the
    /// closest (Katsura-5's separating form): the f64 start is far off
    /// (a root put at 1.33), Weierstrass' iteration sorts it out.
    #[test]
    fn thirty_crowded_roots() {
        let b = Budget::unlimited();
        let p: Vec<BigInt> = "98323267007571044726486970917, -3948743148217308314726969996780, 76615110458230865831742492132270, -956413362867408919304505929941710, 8630806344380987501649585597742250, -59974254660201996449965370156925776, 333789423440517248625228994074141520, -1527967635147332153431457361879425680, 5862602137718341061385853473337675740, -19116995699452808009258813873445537640, 53530241467618780937791013342248989684, -129720486463637073531378579365243393590, 273631022726997153963181338327924900970, -504535587730881522714430064200763583110, 815499053607811320648568105875320345830, -1157382583370455302499738812862775372864, 1443070301511532695506707735329163240160, -1579868359800435968087104676219198329600, 1516217771575662093340639849410146355200, -1271964809748356867969649104506572288000, 928838437248375413940694875439447552000, -587002951319824516177991554107952128000, 318564219508012933946501877955906560000, -146931183089567648337341559250944000000, 56803357943148248728693380937728000000, -18062478603384041570350211982950400000, 4600291991362953142461010919424000000, -902220645812720491336437596160000000, 127916712518583864822391111680000000, -11668934048242183755949670400000000, 514283793118792433648271360000000"
            .split(", ")
            .map(|c| c.parse().unwrap())
            .collect();
        let r = Q::new(1.into(), BigInt::from(10).pow(30));
        let disks = isolate(&p, 14, &r, &b).unwrap().unwrap();
        assert_eq!(disks.len(), 30);
        assert_eq!(disks.iter().filter(|d| d.is_real()).count(), 14);
    }

    /// Real roots get real disks, and radii reach the precision asked.
    #[test]
    fn roots_of_unity_and_a_quintic() {
        let b = Budget::unlimited();
        let r = Q::new(1.into(), BigInt::from(10).pow(30));
        let disks = isolate(&z(&[-1, 0, 0, 0, 1]), 2, &r, &b).unwrap().unwrap();
        assert!(disks.iter().all(|d| d.radius <= r));
        assert_eq!(disks.len(), 4);
        assert_eq!(disks.iter().filter(|d| d.is_real()).count(), 2);
        let disks = isolate(&z(&[-1, -1, 0, 0, 0, 1]), 1, &r, &b)
            .unwrap()
            .unwrap();
        assert_eq!(disks.iter().filter(|d| d.is_real()).count(), 1);
        // Wilkinson-like clustering: (x − 1)(x − 2)…(x − 12).
        let mut p = z(&[1]);
        for k in 1..=12 {
            p = crate::poly::zx::mul(&p, &z(&[-k, 1]));
        }
        let disks = isolate(&p, 12, &r, &b).unwrap().unwrap();
        assert_eq!(disks.iter().filter(|d| d.is_real()).count(), 12);
        // Coefficients beyond the range of a float: 10^400·(x² − 2).
        let big = num_traits::pow(BigInt::from(10), 400);
        let twice: BigInt = &big * BigInt::from(2);
        let disks = isolate(&[-twice, BigInt::from(0), big], 2, &r, &b)
            .unwrap()
            .unwrap();
        assert_eq!(disks.iter().filter(|d| d.is_real()).count(), 2);
    }
}
