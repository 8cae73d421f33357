//! The remembered session: the server and the session token, in a small JSON file
//! (`$DUGOUT_CONFIG`, else `$XDG_CONFIG_HOME/dugout/session.json`, else
//! `~/.config/dugout/session.json`), readable by its owner only (mode 0600).

use std::io::Write;
use std::path::{Path, PathBuf};

/// What is remembered between runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Saved {
    pub server: String,
    pub account: String,
    pub token: String,
}

/// Where the session file lives (see the module docs), if a place can be found.
pub fn config_path() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("DUGOUT_CONFIG").filter(|p| !p.is_empty()) {
        return Some(PathBuf::from(p));
    }
    if let Some(dir) = std::env::var_os("XDG_CONFIG_HOME").filter(|p| !p.is_empty()) {
        return Some(PathBuf::from(dir).join("dugout").join("session.json"));
    }
    let home = std::env::var_os("HOME").filter(|p| !p.is_empty())?;
    Some(
        PathBuf::from(home)
            .join(".config")
            .join("dugout")
            .join("session.json"),
    )
}

/// The saved session at `path`: `None` if there is none or it cannot be read (a broken file
/// means logging in again, not a crash).
pub fn load(path: &Path) -> Option<Saved> {
    let text = std::fs::read_to_string(path).ok()?;
    let json: serde_json::Value = serde_json::from_str(&text).ok()?;
    let field = |name: &str| json.get(name)?.as_str().map(str::to_string);
    Some(Saved {
        server: field("server")?,
        account: field("account").unwrap_or_default(),
        token: field("token").unwrap_or_default(),
    })
}

/// Write `saved` to `path` (creating the directory), mode 0600.
pub fn save(path: &Path, saved: &Saved) -> std::io::Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let json = serde_json::json!({
        "server": saved.server,
        "account": saved.account,
        "token": saved.token,
    });
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    let mut file = options.open(path)?;
    // An existing file keeps its mode on open: make sure it is the owner's only.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        file.set_permissions(std::fs::Permissions::from_mode(0o600))?;
    }
    file.write_all(json.to_string().as_bytes())?;
    file.write_all(b"\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_saved_session_reads_back_and_only_its_owner_may_read_it() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("sub").join("session.json");
        assert_eq!(load(&path), None);
        let saved = Saved {
            server: "http://127.0.0.1:9".into(),
            account: "ada".into(),
            token: "abc".into(),
        };
        save(&path, &saved).expect("saved");
        assert_eq!(load(&path), Some(saved));
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path).expect("meta").permissions().mode();
            assert_eq!(mode & 0o777, 0o600);
        }
        std::fs::write(&path, "not json").expect("write");
        assert_eq!(load(&path), None, "a broken file is no session");
    }
}
