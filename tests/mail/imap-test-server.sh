# imap-test-server.sh -- throwaway Dovecot IMAP (+STARTTLS, IMAPS, optional LMTP) on 127.0.0.1.
#   source imap-test-server.sh
#   imap_test_server_start DIR   # writes DIR/dovecot.conf (+cert, passwd), starts dovecot -F, waits for greeting
#   imap_test_server_stop  DIR   # SIGTERM to the PID in DIR/dovecot.pid, waits until it is gone
#   imap_test_server_config DIR  # only writes the files (for a pytest fixture that runs `dovecot -F` itself)
# Needs: apt-get install -y --no-install-recommends dovecot-imapd [dovecot-lmtpd] openssl
# As root: mail is stored as nobody:nogroup; DIR and all its parents must be o+x.
# As a normal user: "rootless" -- every process runs as that user.

: "${IMAP_TEST_PORT:=10143}"      # plain IMAP, offers STARTTLS
: "${IMAPS_TEST_PORT:=10993}"     # implicit TLS
: "${LMTP_TEST_PORT:=10024}"      # only if dovecot-lmtpd is installed
: "${IMAP_TEST_USER:=tester}"
: "${IMAP_TEST_PASS:=secret}"

_imap_test_alive() { kill -0 "$1" 2>/dev/null && ! grep -q '^State:.*Z' "/proc/$1/status" 2>/dev/null; }

imap_test_server_config() {
  local dir=${1:?usage: imap_test_server_config DIR}
  command -v dovecot >/dev/null || { echo "dovecot missing: apt-get install -y dovecot-imapd" >&2; return 1; }
  mkdir -p "$dir" && dir=$(cd "$dir" && pwd) || return 1
  mkdir -p "$dir/run" "$dir/state" "$dir/mail"

  if [ ! -s "$dir/cert.pem" ]; then   # self-signed, valid for 127.0.0.1 and localhost
    openssl req -x509 -newkey rsa:2048 -nodes -days 7 -subj "/CN=localhost" \
      -addext "subjectAltName=DNS:localhost,IP:127.0.0.1" \
      -keyout "$dir/key.pem" -out "$dir/cert.pem" 2>/dev/null || return 1
  fi
  # passwd-file line: user:{PLAIN}password:uid:gid:gecos:home:shell:extra
  printf '%s:{PLAIN}%s::::::\n' "$IMAP_TEST_USER" "$IMAP_TEST_PASS" > "$dir/passwd"

  local mail_uid mail_gid extra=""
  if [ "$(id -u)" = 0 ]; then
    # Dovecot never accesses mail as uid 0 ("userdb returned 0 as uid"): use nobody.
    # auth runs as user dovecot (created by the Debian package) and must read $dir/passwd.
    mail_uid=nobody; mail_gid=$(id -gn nobody)
    chmod 755 "$dir"; chown "$mail_uid:$mail_gid" "$dir/mail"
    setpriv --reuid=dovecot --regid=dovecot --clear-groups test -r "$dir/passwd" &&
    setpriv --reuid="$mail_uid" --regid="$mail_gid" --clear-groups test -w "$dir/mail" || {
      echo "$dir is not reachable by users dovecot/nobody: every parent dir needs o+x" \
           "(the pytest base temp dir is 0700 when run as root; use mktemp -d + chmod 755)" >&2; return 1; }
  else
    mail_uid=$(id -un); mail_gid=$(id -gn)
    extra="default_internal_user = $mail_uid
default_internal_group = $mail_gid
default_login_user = $mail_uid
service anvil {
  chroot =
}
service imap-login {
  chroot =
}"
  fi

  local protocols=imap lmtp_block=""
  if [ -x /usr/lib/dovecot/lmtp ]; then
    protocols="imap lmtp"
    lmtp_block="service lmtp {
  inet_listener lmtp {
    address = 127.0.0.1
    port = $LMTP_TEST_PORT
  }
}"
  fi

  cat > "$dir/dovecot.conf" <<EOF
# Self-contained test config (does not include /etc/dovecot/conf.d).
protocols = $protocols
listen = 127.0.0.1
base_dir = $dir/run
state_dir = $dir/state
instance_name = imaptest-$IMAP_TEST_PORT
log_path = $dir/dovecot.log
disable_plaintext_auth = no
auth_mechanisms = plain login
auth_failure_delay = 0   # default 2 secs slows tests of wrong passwords
mail_max_userip_connections = 100   # default 10 per user+IP
ssl = yes
ssl_cert = <$dir/cert.pem
ssl_key = <$dir/key.pem
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%n $dir/passwd
}
userdb {
  driver = static
  args = uid=$mail_uid gid=$mail_gid home=$dir/mail/%n
}
mail_location = maildir:~/Maildir
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = $IMAP_TEST_PORT
  }
  inet_listener imaps {
    address = 127.0.0.1
    port = $IMAPS_TEST_PORT
    ssl = yes
  }
}
$lmtp_block
$extra
EOF
  doveconf -c "$dir/dovecot.conf" -n >/dev/null   # fails loudly on a config error
}

imap_test_server_start() {
  local dir=${1:?usage: imap_test_server_start DIR} i
  imap_test_server_config "$dir" || return 1
  dir=$(cd "$dir" && pwd)
  if (exec 3<>"/dev/tcp/127.0.0.1/$IMAP_TEST_PORT") 2>/dev/null; then
    echo "port $IMAP_TEST_PORT is already in use" >&2; return 1
  fi
  dovecot -F -c "$dir/dovecot.conf" >>"$dir/dovecot.stdout" 2>&1 &
  echo $! > "$dir/dovecot.pid"
  for i in $(seq 1 100); do   # up to 10 s for the "* OK" greeting
    (exec 3<>"/dev/tcp/127.0.0.1/$IMAP_TEST_PORT" && read -r -t 2 -u 3 l && [[ $l == "* OK"* ]]) \
      2>/dev/null && return 0
    _imap_test_alive "$(cat "$dir/dovecot.pid")" || break   # died (e.g. port in use)
    sleep 0.1
  done
  echo "dovecot did not come up on 127.0.0.1:$IMAP_TEST_PORT" >&2
  cat "$dir/dovecot.stdout" "$dir/dovecot.log" >&2 2>/dev/null
  imap_test_server_stop "$dir"; return 1
}

imap_test_server_stop() {
  local dir=${1:?usage: imap_test_server_stop DIR} pid i
  pid=$(cat "$dir/dovecot.pid" 2>/dev/null) || return 0
  kill -TERM "$pid" 2>/dev/null
  for i in $(seq 1 100); do   # master exits ~1 s after SIGTERM, after its children
    _imap_test_alive "$pid" || break   # a zombie (exited, not yet reaped) counts as gone
    sleep 0.1
  done
  _imap_test_alive "$pid" && kill -KILL "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null || true   # reaps it if this shell started it
  rm -f "$dir/dovecot.pid"
}
