//! What the HTTP tests share: a free port, a health wait, a child that dies
//! with its test.

/// A free loopback port (bound, then released for the child to take).
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

pub fn wait_healthy(port: u16) {
    use std::io::{Read, Write};
    for _ in 0..200 {
        if let Ok(mut s) = std::net::TcpStream::connect(("127.0.0.1", port)) {
            let _ = s.write_all(
                b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
            );
            let mut reply = String::new();
            let _ = s.read_to_string(&mut reply);
            if reply.starts_with("HTTP/1.1 200") {
                return;
            }
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    panic!("nothing healthy on port {port}");
}

/// Stops its child when dropped, so a failing test leaves no servers
/// behind: SIGTERM first (a SIGKILLed nginx master leaves its workers
/// running, holding their ports), SIGKILL after 3 s.
pub struct Child(pub std::process::Child);
impl Drop for Child {
    fn drop(&mut self) {
        // The shell's own kill: a minimal Debian has no procps.
        let pid = self.0.id().to_string();
        let _ = std::process::Command::new("sh")
            .args(["-c", "kill -TERM \"$0\"", &pid])
            .status();
        let started = std::time::Instant::now();
        while started.elapsed() < std::time::Duration::from_secs(3) {
            if !matches!(self.0.try_wait(), Ok(None)) {
                return;
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}
