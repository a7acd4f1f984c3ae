"""``table vision calibrate --serve``: mark the layout's corners on a picture from the camera.

A page of its own, built like the display (an app factory, pydantic bodies, the pit-boss
PIN): the technician clicks the layout's far-left, far-right, near-right and near-left corners
on the camera's picture; the server maps the spots through them with
:func:`vision.calibration.calibrate`, the code the camera reads with, and the page draws them
over the picture; Save (with the PIN) writes LAYOUT.json whole or not at all. The page only
draws what the server answers: no mapping lives in JavaScript.
"""

from __future__ import annotations

import secrets
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

import cv2
import numpy as np
from fastapi import APIRouter, Depends, FastAPI, Header, HTTPException, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field

from dealer_display.gate import GATE_ANSWERS, Gate, table_hosts
from dealer_display.models import invalid_request
from dealer_display.pin_guard import PinGuard
from dealer_display.routes.state import STATIC
from table_controller.errors import ConfigError
from table_controller.staff import check_pin
from vision.calibration import Layout, Rect, calibrate

CORNER_NAMES = ("far-left", "far-right", "near-right", "near-left")
DEFAULT_PORT = 8001  # beside a display on 8000
JPEG_QUALITY = 92

TakePicture = Callable[[], np.ndarray]


@dataclass(frozen=True)
class CalibrationSettings:
    """Where the layout goes, who may write it, and the game's places it maps
    (:func:`table_controller.camera_places.camera_places`)."""

    out: Path
    pit_boss_pin: str
    places: Mapping[str, Rect]
    host: str = "127.0.0.1"
    port: int = DEFAULT_PORT

    def __post_init__(self) -> None:
        check_pin(self.pit_boss_pin, what="the pit-boss PIN")
        if not self.places:
            raise ConfigError("the game declares no card spots: the camera has nothing to look at")
        if not 0 < self.port < 65536:
            raise ConfigError(f"--port must be 1..65535 (got {self.port})")
        if not self.out.parent.is_dir():
            raise ConfigError(f"--out {self.out}: no such folder {self.out.parent}")


class Picture:
    """The camera's picture the corners are marked on; a camera can take a new one."""

    def __init__(self, take: TakePicture, *, retakable: bool) -> None:
        self._take = take
        self.retakable = retakable
        self.version = 0
        self._lock = threading.Lock()
        self.size, self.jpeg = self._encode(take())

    def retake(self) -> None:
        size, jpeg = self._encode(self._take())
        with self._lock:
            self.size, self.jpeg, self.version = size, jpeg, self.version + 1

    @staticmethod
    def _encode(frame: np.ndarray) -> tuple[tuple[int, int], bytes]:
        ok, data = cv2.imencode(".jpg", frame, [cv2.IMWRITE_JPEG_QUALITY, JPEG_QUALITY])
        if not ok:
            raise ConfigError("the camera's picture cannot be encoded")
        return (int(frame.shape[1]), int(frame.shape[0])), data.tobytes()


class CornersRequest(BaseModel):
    """The layout's corners in picture pixels, far-left, far-right, near-right, near-left."""

    model_config = ConfigDict(extra="forbid")
    corners: list[tuple[float, float]] = Field(
        max_length=16, examples=[[[205, 58], [1075, 58], [1242, 684], [38, 684]]]
    )


class SpotsAnswer(BaseModel):
    """The spots as the camera will use them: polygons in picture pixels, by spot name."""

    image_size: tuple[int, int]
    corners: list[tuple[float, float]]
    spots: dict[str, list[tuple[float, float]]]


class Saved(SpotsAnswer):
    saved: str


class CalibrationInfo(BaseModel):
    image_size: tuple[int, int]
    corner_names: tuple[str, ...] = CORNER_NAMES
    out: str
    can_retake: bool
    picture_version: int


def create_calibration_app(settings: CalibrationSettings, picture: Picture) -> FastAPI:
    app = FastAPI(title="Layout calibration", version="1", responses=GATE_ANSWERS)
    app.state.settings = settings
    app.state.picture = picture
    app.state.pin_guard = PinGuard()
    app.add_middleware(Gate, hosts=table_hosts(settings.host), max_body=64 * 1024)
    app.add_exception_handler(RequestValidationError, invalid_request)
    app.include_router(router)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return app


def _settings(request: Request) -> CalibrationSettings:
    return request.app.state.settings  # type: ignore[no-any-return]


def _picture(request: Request) -> Picture:
    return request.app.state.picture  # type: ignore[no-any-return]


SettingsDep = Annotated[CalibrationSettings, Depends(_settings)]
PictureDep = Annotated[Picture, Depends(_picture)]


def _require_pin(
    request: Request, settings: SettingsDep, x_pit_boss_pin: Annotated[str | None, Header()] = None
) -> None:
    if not x_pit_boss_pin:
        raise HTTPException(401, "saving the layout is a pit-boss action: enter the pit-boss PIN")
    guard: PinGuard = request.app.state.pin_guard
    # counted before it is looked at
    admitted, wait = guard.admit(request.client.host if request.client else "unknown")
    if not admitted:
        raise HTTPException(
            429,
            f"too many wrong PINs: try again in {wait:.0f} seconds",
            headers={"Retry-After": str(max(1, round(wait)))},
        )
    if not secrets.compare_digest(x_pit_boss_pin.encode(), settings.pit_boss_pin.encode()):
        raise HTTPException(
            403, "the pit-boss PIN is wrong" + (f"; next try in {wait:.0f} seconds" if wait else "")
        )
    guard.succeeded()


router = APIRouter()


@router.get("/", include_in_schema=False)
async def home() -> RedirectResponse:
    return RedirectResponse("/calibrate")


@router.get("/calibrate", include_in_schema=False)
async def page() -> FileResponse:
    return FileResponse(STATIC / "calibrate.html", headers={"Cache-Control": "no-cache"})


@router.get("/api/calibration")
async def info(settings: SettingsDep, picture: PictureDep) -> CalibrationInfo:
    """The picture's size, the corners to mark in order, where the layout will be saved."""
    return CalibrationInfo(
        image_size=picture.size,
        out=str(settings.out),
        can_retake=picture.retakable,
        picture_version=picture.version,
    )


@router.get(
    "/api/calibration/picture",
    response_class=Response,
    responses={200: {"content": {"image/jpeg": {}}}},
)
async def picture_jpeg(picture: PictureDep) -> Response:
    return Response(picture.jpeg, media_type="image/jpeg", headers={"Cache-Control": "no-store"})


@router.post(
    "/api/calibration/picture", responses={409: {"description": "a still image, not a camera"}}
)
def retake(settings: SettingsDep, picture: PictureDep) -> CalibrationInfo:
    """Take a new picture (after the camera was moved); marked corners must be marked again."""
    if not picture.retakable:
        raise HTTPException(
            409, "the picture is a file, not a camera: start again with --camera URL"
        )
    picture.retake()
    return CalibrationInfo(
        image_size=picture.size,
        out=str(settings.out),
        can_retake=True,
        picture_version=picture.version,
    )


@router.post(
    "/api/calibration/spots", responses={400: {"description": "the corners make no layout"}}
)
async def spots(body: CornersRequest, settings: SettingsDep, picture: PictureDep) -> SpotsAnswer:
    """The spots the four corners give, to draw over the picture before saving."""
    return _answer(_layout(body, picture, settings.places))


@router.post(
    "/api/calibration/save",
    dependencies=[Depends(_require_pin)],
    responses={400: {"description": "the corners make no layout"}},
)
async def save(body: CornersRequest, settings: SettingsDep, picture: PictureDep) -> Saved:
    """Write LAYOUT.json (whole or not at all) from the four corners."""
    layout = _layout(body, picture, settings.places)
    try:
        layout.save(settings.out)
    except OSError as exc:
        raise HTTPException(500, f"cannot write {settings.out}: {exc.strerror or exc}") from exc
    print(f"wrote {len(layout.spots)} spots to {settings.out}", flush=True)
    return Saved(saved=str(settings.out), **_answer(layout).model_dump())


def _layout(body: CornersRequest, picture: Picture, places: Mapping[str, Rect]) -> Layout:
    width, height = picture.size
    for name, (x, y) in zip(CORNER_NAMES, body.corners, strict=False):
        if not (0 <= x <= width and 0 <= y <= height):
            raise HTTPException(
                400, f"the {name} corner ({x:g}, {y:g}) is off the {width}x{height} picture"
            )
    try:
        return calibrate(list(body.corners), picture.size, places)
    except ConfigError as exc:
        raise HTTPException(400, str(exc)) from None


def _answer(layout: Layout) -> SpotsAnswer:
    data: dict[str, Any] = layout.to_json()
    return SpotsAnswer(image_size=layout.image_size, corners=data["corners"], spots=data["spots"])
