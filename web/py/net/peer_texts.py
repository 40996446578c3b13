"""The words of "Play a friend" (the connection dialog and the peer game's notices), in English and Brazilian
Portuguese. Pure: ``net.peer_view`` picks the language from the page.

The session (``net.session``) reports notices as (code, English text); ``notice_text`` shows the ones listed in
``NOTICE_KEYS`` in the page's language. The others (a refused message, with the reason the protocol gives) keep
the session's text.
"""
from __future__ import annotations

TEXTS = {
    "en": {
        "play_friend": "Play a friend", "title": "Play a friend", "invite": "Invite link",
        "no_webrtc": "Play a friend needs WebRTC, which this browser lacks or has switched off.",
        "no_webrtc_guest": "This browser cannot join the game: it has WebRTC, which connects the two players' "
                           "browsers, switched off or missing (as Tor Browser, Safari's Lockdown Mode or Firefox "
                           "with WebRTC disabled do). Open the invite link in another browser, such as Chrome, "
                           "Firefox, Safari or Edge with their usual settings. You can still play the bot here.",
        "answer": "Answer code", "paste": "Paste answer code", "connect": "Connect", "close": "Close",
        "copy": "Copy", "copied": "Copied", "making": "Making the invite…",
        "share": "Share", "share_text": "A game of backgammon (Gamão) with me: open this link.",
        "share_failed": "Could not share from this browser: use Copy.",
        "copy_by_hand": "The code is selected: copy it with your device's Copy.",
        "host_help": "Send this link (or let your friend scan the QR code). Then paste the answer code they send "
                     "back, and press Connect.",
        "guest_help": "Send this answer code back to the friend who invited you (or let them scan the QR code).",
        "answering": "Reading the invite…", "connecting": "Connecting…", "connected": "Connected.",
        "match": "Match", "money": "Money game", "points": "{n} points",
        "servers": "STUN / TURN servers (one per line: url [username credential])",
        "settings": "Connection settings",
        "same_network": "Same network only (no outside server)",
        "stun_note": "To connect across the internet, both browsers ask a public STUN server (by default Google’s "
                     "and Cloudflare’s) for their public address. It learns the players’ public addresses, nothing "
                     "of the game. “Same network only” asks no server: then it works only on the same Wi-Fi.",
        "turn_note": "Behind strict or mobile-carrier routers add a TURN server (turn:host:port user password): it "
                     "relays the game, encrypted. Only the player who invites needs one.",
        "diag_found": "Paths found: you: {mine}; your friend: {theirs}.",
        "kind_host": "local network", "kind_srflx": "public address (STUN)", "kind_relay": "relay (TURN)",
        "kind_none": "none",
        "diag_local_only": "Could not connect. Only local addresses were found (no STUN server was used or "
                           "reached), so this works only when both devices are on the same network: join the same "
                           "Wi-Fi, or turn off “Same network only”, then make a new invite.",
        "diag_you_no_public": "Could not connect. Your browser found no public address: its STUN servers could "
                              "not be reached. Check them in Connection settings (or join your friend’s Wi-Fi), "
                              "then make a new invite.",
        "diag_friend_no_public": "Could not connect. Your friend’s browser found no public address (its STUN "
                                 "server could not be reached, or it uses “Same network only”). Join the same "
                                 "Wi-Fi, or add a TURN server in Connection settings (only the player who invites "
                                 "needs one), then make a new invite.",
        "diag_strict_nat": "Could not connect directly: both browsers found their public addresses, but the "
                           "routers let no direct path through (strict or mobile-carrier NATs). Add a TURN server "
                           "in Connection settings (only the player who invites needs one) and make a new invite, "
                           "or join the same Wi-Fi.",
        "diag_relay_failed": "Could not connect, even through the relay: check the TURN server’s address, user "
                             "name and password in Connection settings and that both devices are online, then "
                             "make a new invite.",
        "path_local": "Connected directly, over the local network.",
        "path_direct": "Connected directly over the internet (no relay).",
        "path_relay": "Connected through a relay (the TURN server): the game’s messages pass through it, encrypted.",
        "lost": "The connection to the other player was lost. The game is kept: press “Play a friend” on either "
                "side to make a new invite and continue.",
        "silent": "The other player is not answering.", "claim": "Claim the game", "bot_seat": "Play the bot from here",
        "resumed": "Connected again: the game continues.", "no_game": "The other player wants to continue a game "
        "that this browser does not have.",
        "waiting": "Waiting for the other player…", "you": "You", "friend": "Friend",
        "clock_played": "Your time ran out: the table played for you.",
        "claim_won": "You claimed the game: the other player did not answer in time.",
        "claimed_against": "The other player claimed the game: your time had run out.",
        "claim_answered": "The other player answered in time: your claim is withdrawn and the game goes on.",
        "bad_claim": "The other player claimed the game before your time ran out: refused, the game goes on.",
    },
    "pt": {
        "play_friend": "Jogar com um amigo", "title": "Jogar com um amigo", "invite": "Link de convite",
        "no_webrtc": "Jogar com um amigo precisa de WebRTC, que este navegador não tem ou desligou.",
        "no_webrtc_guest": "Este navegador não consegue entrar no jogo: ele está sem WebRTC, que liga os "
                           "navegadores dos dois jogadores, ou com ele desligado (como o Tor Browser, o Modo de "
                           "Isolamento do Safari ou o Firefox com WebRTC desativado). Abra o link de convite em "
                           "outro navegador, como Chrome, Firefox, Safari ou Edge com as configurações de sempre. "
                           "Aqui você ainda pode jogar contra o bot.",
        "answer": "Código de resposta", "paste": "Cole o código de resposta", "connect": "Conectar",
        "close": "Fechar", "copy": "Copiar", "copied": "Copiado", "making": "Preparando o convite…",
        "share": "Compartilhar", "share_text": "Uma partida de gamão comigo: abra este link.",
        "share_failed": "Não foi possível compartilhar deste navegador: use Copiar.",
        "copy_by_hand": "O código está selecionado: copie-o com o Copiar do seu aparelho.",
        "host_help": "Envie este link (ou deixe seu amigo ler o QR code). Depois cole o código de resposta que ele "
                     "enviar e toque em Conectar.",
        "guest_help": "Envie este código de resposta para o amigo que convidou você (ou deixe-o ler o QR code).",
        "answering": "Lendo o convite…", "connecting": "Conectando…", "connected": "Conectado.",
        "match": "Partida", "money": "Jogo a dinheiro", "points": "{n} pontos",
        "servers": "Servidores STUN / TURN (um por linha: url [usuário senha])",
        "settings": "Configurações de conexão",
        "same_network": "Só na mesma rede (sem servidor externo)",
        "stun_note": "Para conectar pela internet, os dois navegadores perguntam a um servidor STUN público (por "
                     "padrão, o do Google e o da Cloudflare) qual é o seu endereço público. Ele fica sabendo os "
                     "endereços públicos dos jogadores, nada do jogo. “Só na mesma rede” não consulta servidor "
                     "nenhum: aí só funciona no mesmo Wi-Fi.",
        "turn_note": "Atrás de roteadores rígidos ou de rede móvel, adicione um servidor TURN (turn:host:porta "
                     "usuário senha): ele retransmite o jogo, cifrado. Só quem convida precisa de um.",
        "diag_found": "Caminhos encontrados: você: {mine}; seu amigo: {theirs}.",
        "kind_host": "rede local", "kind_srflx": "endereço público (STUN)", "kind_relay": "retransmissão (TURN)",
        "kind_none": "nenhum",
        "diag_local_only": "Não foi possível conectar. Só foram encontrados endereços locais (nenhum servidor "
                           "STUN foi usado ou alcançado), então só funciona com os dois aparelhos na mesma rede: "
                           "entrem no mesmo Wi-Fi, ou desligue “Só na mesma rede”, e faça um novo convite.",
        "diag_you_no_public": "Não foi possível conectar. Seu navegador não encontrou endereço público: os "
                              "servidores STUN dele não responderam. Confira-os nas Configurações de conexão (ou "
                              "entre no Wi-Fi do seu amigo) e faça um novo convite.",
        "diag_friend_no_public": "Não foi possível conectar. O navegador do seu amigo não encontrou endereço "
                                 "público (o servidor STUN dele não respondeu, ou ele usa “Só na mesma rede”). "
                                 "Entrem no mesmo Wi-Fi, ou adicione um servidor TURN nas Configurações de conexão "
                                 "(só quem convida precisa de um), e faça um novo convite.",
        "diag_strict_nat": "Não foi possível conectar direto: os dois navegadores encontraram seus endereços "
                           "públicos, mas os roteadores não deixam passar um caminho direto (NAT rígido ou de rede "
                           "móvel). Adicione um servidor TURN nas Configurações de conexão (só quem convida precisa "
                           "de um) e faça um novo convite, ou entrem no mesmo Wi-Fi.",
        "diag_relay_failed": "Não foi possível conectar, nem pela retransmissão: confira o endereço, o usuário e a "
                             "senha do servidor TURN nas Configurações de conexão e se os dois aparelhos estão "
                             "online; depois faça um novo convite.",
        "path_local": "Conectado direto, pela rede local.",
        "path_direct": "Conectado direto pela internet (sem retransmissão).",
        "path_relay": "Conectado por uma retransmissão (o servidor TURN): as mensagens do jogo passam por ele, "
                      "cifradas.",
        "lost": "A conexão com o outro jogador caiu. O jogo foi guardado: toque em “Jogar com um amigo” em "
                "qualquer lado para fazer um novo convite e continuar.",
        "silent": "O outro jogador não está respondendo.", "claim": "Reivindicar o jogo",
        "bot_seat": "Jogar contra o bot daqui",
        "resumed": "Conectado de novo: o jogo continua.",
        "no_game": "O outro jogador quer continuar um jogo que este navegador não tem.",
        "waiting": "Esperando o outro jogador…", "you": "Você", "friend": "Amigo",
        "clock_played": "Seu tempo acabou: a mesa jogou por você.",
        "claim_won": "Você reivindicou o jogo: o outro jogador não respondeu a tempo.",
        "claimed_against": "O outro jogador reivindicou o jogo: seu tempo tinha acabado.",
        "claim_answered": "O outro jogador respondeu a tempo: sua reivindicação foi retirada e o jogo continua.",
        "bad_claim": "O outro jogador reivindicou o jogo antes de seu tempo acabar: recusado, o jogo continua.",
    },
}

NOTICE_KEYS = {"resumed": "resumed", "clock": "clock_played", "claim_won": "claim_won",
               "claimed_against": "claimed_against", "claim_answered": "claim_answered", "bad_claim": "bad_claim"}


def text(lang: str, key: str, **kw) -> str:
    """The string ``key`` in ``lang`` (English when that language lacks it), formatted with ``kw``."""
    s = TEXTS.get(lang, TEXTS["en"]).get(key) or TEXTS["en"][key]
    return s.format(**kw) if kw else s


def notice_text(lang: str, code: str, english: str) -> str:
    """What to show for a session notice: its translation when the code has one, else the session's text."""
    key = NOTICE_KEYS.get(code)
    return text(lang, key) if key else english


_KIND_ORDER = ("host", "srflx", "relay")


def diagnosis(lang: str, key: str, mine, theirs) -> str:
    """The failure advice ``key`` (from ``net.ice.diagnose``) followed by the kinds of path each side found."""
    def names(kinds) -> str:
        found = [text(lang, "kind_" + k) for k in _KIND_ORDER if k in set(kinds)]
        return ", ".join(found) or text(lang, "kind_none")

    return text(lang, key) + " " + text(lang, "diag_found", mine=names(mine), theirs=names(theirs))
