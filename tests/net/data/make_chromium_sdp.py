"""Made tests/net/data/chromium_sdp.json once: offers and answers from /usr/bin/chromium (run from the repository root
with .venv/bin/python tests/net/data/make_chromium_sdp.py). Loopback only, no STUN, no network."""
import json
from playwright.sync_api import sync_playwright
JS = """async () => {
  const a = new RTCPeerConnection({iceServers: []});
  const ch = a.createDataChannel('gamao', {ordered: true});
  await a.setLocalDescription(await a.createOffer());
  await new Promise(r => { if (a.iceGatheringState === 'complete') r(); a.onicegatheringstatechange = () => { if (a.iceGatheringState === 'complete') r(); }; setTimeout(r, 3000); });
  const b = new RTCPeerConnection({iceServers: []});
  await b.setRemoteDescription(a.localDescription);
  await b.setLocalDescription(await b.createAnswer());
  await new Promise(r => { if (b.iceGatheringState === 'complete') r(); b.onicegatheringstatechange = () => { if (b.iceGatheringState === 'complete') r(); }; setTimeout(r, 3000); });
  return {offer: a.localDescription.sdp, answer: b.localDescription.sdp};
}"""
out = []
with sync_playwright() as p:
    for args in ([], ["--disable-features=WebRtcHideLocalIpsWithMdns"]):
        br = p.chromium.launch(executable_path="/usr/bin/chromium", args=args)
        for i in range(3):
            pg = br.new_page()
            pg.set_content("<html></html>")
            out.append({"flags": args, **pg.evaluate(JS)})
        br.close()
json.dump(out, open("tests/net/data/chromium_sdp.json", "w"), indent=1)
print(out[0]["offer"]); print(out[0]["answer"]); print(out[3]["offer"])
